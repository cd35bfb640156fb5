/**
 * Where the canvas opens: a flow that fits at a readable zoom (at least {@link MIN_FIT_ZOOM}) is
 * fitted and centred; a longer one opens at {@link LONG_FLOW_ZOOM} with its trigger at the top
 * centre, as the Activepieces builder does, so a 200-step flow starts readable, not as specks.
 */
import type { Viewport } from '@xyflow/react';
import type { FlowLayout } from './layout';

const MIN_FIT_ZOOM = 0.6;
const MAX_ZOOM = 1;
const LONG_FLOW_ZOOM = 0.85;
const PADDING = 48;

/** The first viewport of `bounds` in a canvas of `size` px. */
export function initialViewport(
  bounds: FlowLayout['bounds'],
  size: { width: number; height: number },
): Viewport {
  const fit = Math.min(
    MAX_ZOOM,
    (size.width - 2 * PADDING) / Math.max(bounds.width, 1),
    (size.height - 2 * PADDING) / Math.max(bounds.height, 1),
  );
  if (fit >= MIN_FIT_ZOOM) {
    return {
      zoom: fit,
      x: size.width / 2 - (bounds.x + bounds.width / 2) * fit,
      y: size.height / 2 - (bounds.y + bounds.height / 2) * fit,
    };
  }
  // Long flows: the trigger (at x = 0, y = 0) at the top centre.
  return { zoom: LONG_FLOW_ZOOM, x: size.width / 2, y: PADDING };
}
