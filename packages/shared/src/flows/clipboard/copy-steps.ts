import { FlowOperationError } from '../../common/errors';
import { CURRENT_SCHEMA_VERSION, type FlowVersion } from '../flow-version';
import type { Step } from '../step';
import { COPY_ACTIONS_TYPE, type CopiedStepsClipboard } from './clipboard-format';

/**
 * The clipboard text for the named steps, in Activepieces' format ({@link CopiedStepsClipboard}):
 * the topmost named steps in flow order, each with its whole body (loop body, router branches)
 * and without its `nextAction`, plus the `schemaVersion` of Piecework's reference dialect
 * (Activepieces ignores it). A named step inside another named step travels in that step's
 * body, as in Activepieces; the trigger's name is ignored. An unknown name throws a
 * `FlowOperationError`. Use it for the builder's copy, cut and the page-kept fallback copy.
 */
export function copySteps(version: Pick<FlowVersion, 'trigger'>, names: Iterable<string>): string {
  const wanted = new Set(names);
  wanted.delete(version.trigger.name);
  const actions: Step[] = [];
  const found = new Set<string>();
  const visit = (head: Step | null | undefined, insideCopied: boolean) => {
    for (let step = head; step; step = step.nextAction) {
      const named = wanted.has(step.name);
      if (named) found.add(step.name);
      if (named && !insideCopied) actions.push(withoutNext(step));
      const nestedInside = insideCopied || named;
      if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction, nestedInside);
      if (step.type === 'ROUTER') for (const child of step.children) visit(child, nestedInside);
    }
  };
  visit(version.trigger.nextAction, false);
  const missing = [...wanted].filter((name) => !found.has(name));
  if (missing.length > 0) {
    throw new FlowOperationError(`no step named ${missing.map((name) => `'${name}'`).join(', ')}`, {
      stepNames: missing,
    });
  }
  const clipboard: CopiedStepsClipboard = {
    type: COPY_ACTIONS_TYPE,
    actions,
    schemaVersion: CURRENT_SCHEMA_VERSION,
  };
  return JSON.stringify(clipboard);
}

function withoutNext(step: Step): Step {
  const { nextAction: _next, ...rest } = step;
  return rest as Step;
}
