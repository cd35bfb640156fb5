/**
 * Brings a newly selected step into view: when the selection changes (a click, `?step=` in the
 * URL, a step just added) and the step's card is not wholly inside the canvas, the canvas pans
 * (at the same zoom) to centre it. Panning by hand afterwards is left alone.
 */
import { useReactFlow } from '@xyflow/react';
import { useEffect, useRef, type RefObject } from 'react';
import type { FlowLayout } from './layout';

const MARGIN = 24;

/** Pans to `selected`'s card once per new selection, as soon as the card is laid out. */
export function useRevealSelected(
  selected: string | null,
  layout: FlowLayout,
  frame: RefObject<HTMLElement | null>,
): void {
  const flow = useReactFlow();
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (selected === null || selected === revealed.current) return;
    const node = layout.nodes.find((each) => each.id === selected);
    const box = frame.current?.getBoundingClientRect();
    if (node === undefined || box === undefined) return;
    revealed.current = selected;
    const { x, y, zoom } = flow.getViewport();
    const left = node.x * zoom + x;
    const top = node.y * zoom + y;
    const inside =
      left >= MARGIN &&
      top >= MARGIN &&
      left + node.width * zoom <= box.width - MARGIN &&
      top + node.height * zoom <= box.height - MARGIN;
    if (!inside) void flow.setCenter(node.x + node.width / 2, node.y + node.height / 2, { zoom });
  }, [selected, layout, frame, flow]);
}
