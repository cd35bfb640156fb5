/**
 * An edge of the canvas: the polyline the layout routed (with rounded corners), an arrow head,
 * the branch name on a router's branch, and the "+" button that adds a step at the edge's
 * insertion point (hidden on a read-only canvas). While a step is dragged, the "+" of each place
 * it can be dropped is highlighted (the one under the pointer most), and the others are hidden.
 */
import { BaseEdge, EdgeLabelRenderer, type EdgeProps } from '@xyflow/react';
import { Plus } from 'lucide-react';
import { memo } from 'react';
import { describeInsertion } from '../structure/insertion';
import { useCanvasActions } from './canvas-actions';
import type { CanvasEdge } from './canvas-elements';
import { useDropState, type DropState } from './drag/drop-state';
import type { Point } from './layout';
import { Tooltip } from '../../../components/tooltip';

const CORNER = 10;

/** An SVG path through `points`, each corner rounded by up to {@link CORNER} px. */
export function roundedPath(points: readonly Point[]): string {
  const first = points[0];
  if (first === undefined) return '';
  let path = `M ${String(first.x)} ${String(first.y)}`;
  for (let index = 1; index < points.length; index++) {
    const point = points[index]!;
    const previous = points[index - 1]!;
    const next = points[index + 1];
    if (next === undefined) {
      path += ` L ${String(point.x)} ${String(point.y)}`;
      break;
    }
    const radius = Math.min(
      CORNER,
      Math.hypot(point.x - previous.x, point.y - previous.y) / 2,
      Math.hypot(next.x - point.x, next.y - point.y) / 2,
    );
    const toward = (from: Point, to: Point) => {
      const length = Math.hypot(to.x - from.x, to.y - from.y) || 1;
      return {
        x: from.x + ((to.x - from.x) / length) * radius,
        y: from.y + ((to.y - from.y) / length) * radius,
      };
    };
    const before = toward(point, previous);
    const after = toward(point, next);
    path += ` L ${String(before.x)} ${String(before.y)} Q ${String(point.x)} ${String(point.y)} ${String(after.x)} ${String(after.y)}`;
  }
  return path;
}

/** The arrow heads' colour: the theme's edge colour (a CSS variable, so set as a style). */
const ARROW_COLOR = 'var(--edge)';

/** The class of the "+" of edge `id`, marked as a drop target while a step is dragged. */
function plusClass(id: string, drop: DropState | null): string {
  if (drop === null) return 'edge-plus nodrag nopan';
  if (!drop.targets.has(id)) return 'edge-plus nodrag nopan is-not-drop-target';
  return `edge-plus nodrag nopan is-drop-target${drop.active === id ? ' is-drop-active' : ''}`;
}

/** An edge with its "+" and label. */
export const FlowEdge = memo(function FlowEdge({ id, data }: EdgeProps<CanvasEdge>) {
  const actions = useCanvasActions();
  const drop = useDropState();
  if (data === undefined) return null;
  const { label, plusAt, insertion } = data;
  return (
    <>
      <BaseEdge
        id={id}
        path={roundedPath(data.points)}
        markerEnd={`url(#${markerId})`}
        className="flow-edge-path"
      />
      <EdgeLabelRenderer>
        {label === undefined ? null : (
          <div
            className="edge-label"
            style={{
              transform: `translate(-50%, -50%) translate(${String(label.at.x)}px, ${String(label.at.y)}px)`,
            }}
          >
            {label.text}
          </div>
        )}
        {actions.readonly ? null : (
          <Tooltip content={`Add a step ${describeInsertion(insertion, label?.text)}`}>
            <button
              type="button"
              className={plusClass(id, drop)}
              aria-label={`Add a step ${describeInsertion(insertion, label?.text)}`}
              style={{
                transform: `translate(-50%, -50%) translate(${String(plusAt.x)}px, ${String(plusAt.y)}px)`,
              }}
              onClick={() => actions.addStep(insertion)}
            >
              <Plus aria-hidden="true" className="icon" />
            </button>
          </Tooltip>
        )}
      </EdgeLabelRenderer>
    </>
  );
});

/** The id of the arrow-head marker every edge ends with (see {@link EdgeMarkers}). */
const markerId = 'piecework-edge-arrow';

/** The shared arrow-head definition; render once inside the canvas. */
export function EdgeMarkers() {
  return (
    <svg className="edge-markers" aria-hidden="true" focusable="false">
      <defs>
        <marker
          id={markerId}
          viewBox="-10 -10 20 20"
          markerWidth={14}
          markerHeight={14}
          orient="auto-start-reverse"
          refX="0"
          refY="0"
        >
          <polyline
            points="-5,-4 0,0 -5,4 -5,-4"
            style={{ fill: ARROW_COLOR, stroke: ARROW_COLOR }}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </marker>
      </defs>
    </svg>
  );
}
