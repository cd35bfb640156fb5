import type { StepProblem } from '../validation-issue';
import type { StepBody, TriggerBody } from './step-tree';
import { isStepComplete, isTriggerComplete } from './validity';

const INCOMPLETE: Record<StepBody['type'], string> = {
  CODE: 'The code step has no code: write its `export const code = async (inputs) => ...`',
  LOOP_ON_ITEMS: 'The loop has no items: choose the list to loop over',
  PIECE: 'No action is chosen: choose what the piece should do',
  ROUTER: 'The router needs at least one branch, and at most one fallback branch, placed last',
};

const MARKED: StepProblem = {
  code: 'MARKED_INVALID',
  message: 'The editor marked this step as not ready: fill in its required properties',
  params: {},
};

/**
 * Why a step is invalid on its own, whatever the rest of the flow: incomplete settings
 * (`STEP_INCOMPLETE`) or the client's own `valid: false` (`MARKED_INVALID`). `baseValid` is the
 * step's validity before any flow-wide check (what the client said, and its settings complete).
 */
export function stepOwnProblems(step: StepBody, baseValid: boolean): StepProblem[] {
  if (!isStepComplete(step)) return [{ code: 'STEP_INCOMPLETE', message: INCOMPLETE[step.type], params: {} }];
  return baseValid ? [] : [MARKED];
}

/** {@link stepOwnProblems} for the trigger: EMPTY is `TRIGGER_NOT_SET`. */
export function triggerOwnProblems(trigger: TriggerBody, baseValid: boolean): StepProblem[] {
  if (trigger.type === 'EMPTY')
    return [
      {
        code: 'TRIGGER_NOT_SET',
        message: 'The trigger is not set: choose the trigger that starts this flow',
        params: {},
      },
    ];
  if (!isTriggerComplete(trigger)) {
    return [
      {
        code: 'STEP_INCOMPLETE',
        message: `No trigger of ${trigger.settings.pieceName} is chosen: choose the event that starts the flow`,
        params: { pieceName: trigger.settings.pieceName },
      },
    ];
  }
  return baseValid ? [] : [MARKED];
}
