import {
  enterIteration,
  loopOutput,
  type LoopOutput,
  type LoopStep,
  type StepOutput,
} from '@piecework/shared';
import type { ChainExecutor } from './execute-chain';
import type { Frame } from '../run/frame';
import { failStep, finishStep } from '../run/finish-step';
import { timeoutHalt, type Halt } from '../run/halt';
import { resolveStepInput } from '../run/resolve-step-input';
import type { RunContext } from '../run/run-context';

/** The message of a loop whose items are not a list (as on Activepieces). */
export const NOT_A_LIST_MESSAGE = 'The items you have selected must be a list.';

/**
 * Runs a loop: `items` must resolve to a list; the body runs once per item, in order, with the
 * loop in scope as `{item, index}` (index 1-based) and each iteration's steps shadowing outer
 * ones. The loop's record is SUCCEEDED even when a body step fails the run, PAUSED while a body
 * step waits. On resume, each iteration reuses its own saved records.
 */
export async function executeLoopStep(
  context: RunContext,
  step: LoopStep,
  frame: Frame,
  previous: StepOutput | undefined,
  executeChain: ChainExecutor,
): Promise<Halt | undefined> {
  const startedAt = context.host.now();
  context.stepStarted(step.name, frame.path);
  const resolution = await resolveStepInput(context, { items: step.settings.items }, frame.scope);
  if (!resolution.ok)
    return failStep(context, step, frame, { items: step.settings.items }, resolution.outcome, startedAt);
  if (!Array.isArray(resolution.value.items)) {
    const failure = { status: 'FAILED', message: NOT_A_LIST_MESSAGE } as const;
    return failStep(context, step, frame, resolution.logged, failure, startedAt);
  }

  const items: unknown[] = resolution.value.items;
  const savedIterations = loopOutput(previous)?.iterations;
  const output: LoopOutput = { index: 0, iterations: [] };
  let halt: Halt | undefined;
  for (let index = 0; index < items.length && !halt; index++) {
    if (context.pastDeadline()) {
      halt = timeoutHalt(context.options.flowTimeoutSeconds);
      break;
    }
    const records = enterIteration(output, index);
    output.item = items[index];
    const scope = frame.scope.child();
    scope.set(step.name, { output: { item: items[index], index: index + 1 } });
    const path = [...frame.path, { loopName: step.name, iteration: index }];
    halt = await executeChain(context, step.firstLoopAction, {
      records,
      previous: savedIterations?.[index],
      scope,
      path,
    });
  }
  const status = halt?.kind === 'PAUSED' ? 'PAUSED' : 'SUCCEEDED';
  const result = {
    status,
    loggedInput: resolution.logged,
    output,
    startedAt,
    outputAlreadyCounted: true,
  } as const;
  const limitHalt = await finishStep(context, step, frame, result, output);
  return limitHalt ?? halt;
}
