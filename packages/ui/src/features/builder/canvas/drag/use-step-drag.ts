/**
 * Dragging a step card to another place in the flow. The canvas's cards are laid out by
 * `layoutFlow`, never free-positioned, so the drag uses React Flow's own node drag
 * (`onNodeDragStart` / `onNodeDrag` / `onNodeDragStop` on step nodes made draggable) only to move
 * the card under the pointer: React Flow already tells a drag of a card from a click (the drag
 * threshold), a drag of the empty pane (panning) and a drag from a `nodrag` control (the card's
 * menu), scrolls the canvas when the pointer nears its edge, and gives canvas coordinates, which a
 * second drag library would all have to be taught. While the card moves, the "+" of every place the
 * step can go is highlighted and the one nearest the pointer marked; on release the card snaps back
 * to its place and the step is moved there with one MOVE_ACTION. Escape cancels the drag.
 */
import { findStep, type Trigger } from '@piecework/shared';
import { useReactFlow, type XYPosition } from '@xyflow/react';
import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react';
import type { Insertion } from '../../structure/insertion';
import { subtreeNames } from '../../structure/step-positions';
import type { CanvasNode } from '../canvas-elements';
import type { FlowLayout } from '../layout';
import type { DropState } from './drop-state';
import { dropTargets, targetAt, type DropTarget } from './drop-targets';

/** A pointer event of a node drag, as React Flow passes it. */
type DragEvent = MouseEvent | TouchEvent | ReactMouseEvent;

/** How near (in screen pixels) the pointer must come to a "+" to drop there. */
export const DROP_REACH_PX = 56;

/** A step drag in progress. */
export interface StepDragState {
  /** The dragged step's name (its card's node id). */
  readonly name: string;
  /** Where the card is drawn now (canvas coordinates). */
  readonly position: XYPosition;
  /** The steps inside the dragged one (loop body, branches), which move with it. */
  readonly carried: ReadonlySet<string>;
  readonly targets: readonly DropTarget[];
  /** The target under the pointer, where a release drops the step. */
  readonly active: DropTarget | undefined;
}

/** Inputs of {@link useStepDrag}. */
export interface StepDragInput {
  trigger: Trigger;
  /** The layout of `trigger` drawn on the canvas. */
  layout: FlowLayout;
  /** A read-only canvas: no drag starts. */
  readonly: boolean;
  /** Moves step `name` to `insertion` (one MOVE_ACTION). */
  onDrop: (name: string, insertion: Insertion) => void;
}

/** What {@link useStepDrag} gives the canvas: the drag's state and React Flow's drag handlers. */
export interface StepDrag {
  readonly state: StepDragState | null;
  /** The dragged card's node id and where it is drawn now, or null. */
  readonly card: { id: string; position: XYPosition } | null;
  /** The state for the edges' "+" (see {@link DropState}). */
  readonly dropState: DropState | null;
  onNodeDragStart(event: DragEvent, node: CanvasNode): void;
  onNodeDrag(event: DragEvent, node: CanvasNode): void;
  /** Handles the end of a step's drag; answers false for other nodes (notes). */
  onNodeDragStop(node: CanvasNode): boolean;
}

function clientPoint(event: DragEvent): XYPosition | undefined {
  if ('clientX' in event) return { x: event.clientX, y: event.clientY };
  const touch = event.touches[0] ?? event.changedTouches[0];
  return touch === undefined ? undefined : { x: touch.clientX, y: touch.clientY };
}

/** The drag of step cards on the canvas (inside React Flow's provider). */
export function useStepDrag({ trigger, layout, readonly, onDrop }: StepDragInput): StepDrag {
  const flow = useReactFlow();
  const [state, setState] = useState<StepDragState | null>(null);
  const current = useRef<StepDragState | null>(null);
  /** The step whose drag Escape cancelled; its remaining drag events are ignored. */
  const cancelled = useRef<string | null>(null);
  const update = useCallback((next: StepDragState | null) => {
    current.current = next;
    setState(next);
  }, []);

  const onNodeDragStart = useCallback(
    (_event: DragEvent, node: CanvasNode) => {
      if (readonly || node.type !== 'step') return;
      const step = findStep({ trigger }, node.id);
      if (step === undefined || step.type === 'PIECE_TRIGGER' || step.type === 'EMPTY') return;
      cancelled.current = null;
      const carried = subtreeNames(step);
      carried.delete(step.name);
      update({
        name: node.id,
        position: node.position,
        carried,
        targets: dropTargets(trigger, layout, node.id),
        active: undefined,
      });
    },
    [readonly, trigger, layout, update],
  );

  const onNodeDrag = useCallback(
    (event: DragEvent, node: CanvasNode) => {
      const drag = current.current;
      if (drag === null || drag.name !== node.id) return;
      const point = clientPoint(event);
      const active =
        point === undefined
          ? drag.active
          : targetAt(drag.targets, flow.screenToFlowPosition(point), DROP_REACH_PX / flow.getZoom());
      update({ ...drag, position: node.position, active });
    },
    [flow, update],
  );

  const onNodeDragStop = useCallback(
    (node: CanvasNode) => {
      if (node.type !== 'step') return false;
      if (cancelled.current === node.id) {
        cancelled.current = null;
        return true;
      }
      const drag = current.current;
      if (drag === null || drag.name !== node.id) return true;
      update(null);
      if (drag.active !== undefined) onDrop(drag.name, drag.active.insertion);
      return true;
    },
    [onDrop, update],
  );

  const dragging = state !== null;
  useEffect(() => {
    if (!dragging) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || current.current === null) return;
      event.preventDefault();
      event.stopPropagation();
      cancelled.current = current.current.name;
      update(null);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [dragging, update]);

  const targets = state?.targets;
  const active = state?.active?.key ?? null;
  const dropState = useMemo(
    (): DropState | null =>
      targets === undefined ? null : { targets: new Set(targets.map((target) => target.key)), active },
    [targets, active],
  );
  const card = useMemo(() => (state === null ? null : { id: state.name, position: state.position }), [state]);
  return { state, card, dropState, onNodeDragStart, onNodeDrag, onNodeDragStop };
}
