/**
 * Where a dragged step can be dropped on the canvas, and which of those places is under the
 * pointer. Pure functions of the trigger and the layout, so the canvas's drag and its tests
 * share them: the places are the flow's insertion points (one "+" per edge) outside the dragged
 * step, the same list "Move to…" offers.
 */
import type { Trigger } from '@piecework/shared';
import { describeInsertion, insertionKey, type Insertion } from '../../structure/insertion';
import { moveChoices } from '../../structure/step-positions';
import type { FlowLayout, Point } from '../layout';

/** A place a dragged step can go, and where its "+" is drawn (canvas coordinates). */
export interface DropTarget {
  /** {@link insertionKey} of `insertion`, also the id of the edge that carries its "+". */
  readonly key: string;
  readonly insertion: Insertion;
  readonly at: Point;
  /** Words for the place, e.g. "after step_1" or "in branch “Otherwise” of step_4". */
  readonly label: string;
}

/**
 * Every insertion point step `name` can be dropped at: after any step (or the trigger), first
 * in a loop's body, first in a router's branch; never after the step itself or anywhere inside
 * it (its loop body, its branches), and not where it already is (dropping there changes
 * nothing). Empty for the trigger and for a name that is not in the flow.
 */
export function dropInsertions(trigger: Trigger, name: string): Insertion[] {
  return moveChoices(trigger, name).map((choice) => choice.insertion);
}

/** The drop targets of step `name` with the positions of their "+" in `layout` (of `trigger`). */
export function dropTargets(trigger: Trigger, layout: FlowLayout, name: string): DropTarget[] {
  const edges = new Map(layout.edges.map((edge) => [edge.id, edge] as const));
  return dropInsertions(trigger, name).flatMap((insertion) => {
    const key = insertionKey(insertion);
    const edge = edges.get(key);
    if (edge === undefined) return [];
    return [{ key, insertion, at: edge.plusAt, label: describeInsertion(insertion, edge.label?.text) }];
  });
}

/**
 * The target whose "+" is nearest to `point` (canvas coordinates), if one is within `radius`;
 * the first in `targets` order wins a tie. Use it on every pointer move of a drag.
 */
export function targetAt(
  targets: readonly DropTarget[],
  point: Point,
  radius: number,
): DropTarget | undefined {
  let best: DropTarget | undefined;
  let bestDistance = Infinity;
  for (const target of targets) {
    const distance = Math.hypot(target.at.x - point.x, target.at.y - point.y);
    if (distance <= radius && distance < bestDistance) {
      best = target;
      bestDistance = distance;
    }
  }
  return best;
}
