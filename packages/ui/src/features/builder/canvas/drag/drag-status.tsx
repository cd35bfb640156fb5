/**
 * The line shown at the top of the canvas while a step is dragged: which step moves, where a
 * release puts it (or that it goes nowhere), and that Escape cancels. A polite live region, so
 * screen readers hear the drop place change.
 */
import { Panel } from '@xyflow/react';
import type { StepDragState } from './use-step-drag';

/** The drag's status line; renders nothing outside a step drag. */
export function DragStatus({ drag }: { drag: StepDragState | null }) {
  if (drag === null) return null;
  const where =
    drag.active === undefined ? 'Drop on a highlighted “+”' : `Drop to put it ${drag.active.label}`;
  return (
    <Panel position="top-center">
      <p className="drag-status" role="status">
        Moving {drag.name}. {where}. Escape cancels.
      </p>
    </Panel>
  );
}
