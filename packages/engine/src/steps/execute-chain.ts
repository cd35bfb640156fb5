import type { Step, StepOutput } from '@piecework/shared';
import { executeActionStep } from './action-step';
import { executeLoopStep } from './loop-step';
import { executeRouterStep } from './router-step';
import type { Frame } from '../run/frame';
import { timeoutHalt, type Halt } from '../run/halt';
import type { RunContext } from '../run/run-context';

/** Walks a chain of steps; the first halt (stop, pause, failure) ends the walk and is returned. */
export type ChainExecutor = (
  context: RunContext,
  head: Step | null | undefined,
  frame: Frame,
) => Promise<Halt | undefined>;

/**
 * Executes a chain of steps in order. Skipped steps leave no record. When resuming, a step that
 * already completed (its saved record SUCCEEDED, or FAILED under continue-on-failure) is not
 * executed again: its record and output are reused. Routers are always evaluated again; loops
 * are walked again (their items resolved again) so that each iteration reuses its own saved
 * records — a loop whose body failed or paused continues where it stopped.
 */
export const executeChain: ChainExecutor = async (context, head, frame) => {
  for (let step = head; step; step = step.nextAction) {
    if (step.skip) continue;
    if (context.pastDeadline()) {
      return timeoutHalt(context.options.flowTimeoutSeconds);
    }
    const aborted = context.abortedHalt();
    if (aborted) return aborted;
    const previous = frame.previous?.[step.name];
    if (previous && isCompleted(step, previous)) {
      frame.records[step.name] = previous;
      frame.scope.setFromRecord(step.name, previous, context.savedOutput(previous));
      continue;
    }
    const halt = await executeStep(context, step, frame, previous);
    if (halt) return halt;
  }
  return undefined;
};

function executeStep(
  context: RunContext,
  step: Step,
  frame: Frame,
  previous: StepOutput | undefined,
): Promise<Halt | undefined> {
  switch (step.type) {
    case 'CODE':
    case 'PIECE':
      return executeActionStep(context, step, frame, previous);
    case 'LOOP_ON_ITEMS':
      return executeLoopStep(context, step, frame, previous, executeChain);
    case 'ROUTER':
      return executeRouterStep(context, step, frame, executeChain);
  }
}

function isCompleted(step: Step, record: StepOutput): boolean {
  if (step.type === 'ROUTER' || step.type === 'LOOP_ON_ITEMS') return false;
  return record.status === 'SUCCEEDED' || record.status === 'FAILED';
}
