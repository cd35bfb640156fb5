import type { FlowVersion } from '../flow-version';
import type { Step } from '../step';
import type { Trigger } from '../trigger';
import type { StepBody, TriggerBody } from './step-tree';

/**
 * Whether a step's settings are complete enough to run, whatever the client said:
 * code that is not blank, loop items that are not blank, a piece action named, a router with
 * branches whose FALLBACK (if any) is the single last one. Piece props are checked by the
 * pieces layer, which knows their schemas; here the client's `valid` flag carries that.
 */
export function isStepComplete(step: StepBody | Step): boolean {
  switch (step.type) {
    case 'CODE':
      return step.settings.sourceCode.code.trim() !== '';
    case 'LOOP_ON_ITEMS':
      return step.settings.items.trim() !== '';
    case 'PIECE':
      return Boolean(step.settings.actionName);
    case 'ROUTER': {
      const branches = step.settings.branches;
      const fallbacks = branches.filter((branch) => branch.branchType === 'FALLBACK').length;
      const fallbackLast = fallbacks === 0 || branches[branches.length - 1]?.branchType === 'FALLBACK';
      return branches.length > 0 && fallbacks <= 1 && fallbackLast;
    }
  }
}

/** Whether a trigger is complete: EMPTY never is; a PIECE_TRIGGER needs its trigger named. */
export function isTriggerComplete(trigger: TriggerBody | Trigger): boolean {
  return trigger.type === 'PIECE_TRIGGER' && Boolean(trigger.settings.triggerName);
}

/**
 * Whether a version can be published: its trigger is valid and every step that runs is valid.
 * Skipped steps count as valid, and so does everything inside a skipped loop or router
 * (nothing there runs).
 */
export function isTriggerTreeValid(trigger: Trigger): boolean {
  const chainValid = (head: Step | null | undefined): boolean => {
    for (let step = head; step; step = step.nextAction) {
      if (step.skip) continue;
      if (!step.valid) return false;
      if (step.type === 'LOOP_ON_ITEMS' && !chainValid(step.firstLoopAction)) return false;
      if (step.type === 'ROUTER' && !step.children.every(chainValid)) return false;
    }
    return true;
  };
  return trigger.valid && chainValid(trigger.nextAction);
}

/** {@link isTriggerTreeValid} for a whole version. */
export function isFlowVersionValid(version: Pick<FlowVersion, 'trigger'>): boolean {
  return isTriggerTreeValid(version.trigger);
}
