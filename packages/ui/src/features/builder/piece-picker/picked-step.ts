/**
 * What the piece picker answers and how the builder turns it into a flow operation: a core step
 * (code, loop, router) or a piece action becomes ADD_ACTION at the chosen insertion point with a
 * fresh `step_N` name; a piece trigger becomes UPDATE_TRIGGER.
 */
import {
  getStepNames,
  nextStepName,
  type ActionMetadata,
  type FlowOperation,
  type FlowVersion,
  type TriggerMetadata,
} from '@piecework/shared';
import { addActionAt, type Insertion } from '../structure/insertion';
import {
  newCodeStep,
  newLoopStep,
  newPieceStep,
  newPieceTrigger,
  newRouterStep,
  type PickedPiece,
} from '../structure/new-steps';

/** The core steps the picker offers first. */
export type CoreStepType = 'CODE' | 'LOOP_ON_ITEMS' | 'ROUTER';

/** A choice made in the piece picker. */
export type PickedStep =
  | { readonly kind: 'core'; readonly type: CoreStepType }
  | { readonly kind: 'action'; readonly piece: PickedPiece; readonly action: ActionMetadata }
  | { readonly kind: 'trigger'; readonly piece: PickedPiece; readonly trigger: TriggerMetadata };

/** What the picker was opened for: a step at an insertion point, or the trigger. */
export type PickerTarget =
  { readonly kind: 'action'; readonly insertion: Insertion } | { readonly kind: 'trigger' };

/** The operation that applies `picked` to `version` at `target`, and the name of the step it makes. */
export function operationForPick(
  version: FlowVersion,
  target: PickerTarget,
  picked: PickedStep,
): { operation: FlowOperation; stepName: string } {
  if (picked.kind === 'trigger') {
    const request = newPieceTrigger(picked.piece, picked.trigger);
    return { operation: { type: 'UPDATE_TRIGGER', request }, stepName: request.name };
  }
  if (target.kind !== 'action') throw new Error('a step was picked for the trigger slot');
  const name = nextStepName(getStepNames(version));
  const step =
    picked.kind === 'action'
      ? newPieceStep(name, picked.piece, picked.action)
      : picked.type === 'CODE'
        ? newCodeStep(name)
        : picked.type === 'LOOP_ON_ITEMS'
          ? newLoopStep(name)
          : newRouterStep(name);
  return { operation: addActionAt(target.insertion, step), stepName: name };
}
