import type { StepOutputType } from '@piecework/shared';
import type { Frame } from './frame';
import { failedHalt, type Halt } from './halt';
import { recordStep, type StepResult } from './record-step';
import type { RunContext } from './run-context';

type StepIdentity = { name: string; displayName: string; type: StepOutputType };

/**
 * Ends a step: turns its result into its run record (see {@link recordStep}), writes the record
 * into the frame, puts the step in scope (with `scopeOutput`, the full output, unless the log
 * limit failed it) and announces it. Returns the halt of a log-size overrun, if any.
 */
export async function finishStep(
  context: RunContext,
  step: StepIdentity,
  frame: Frame,
  result: StepResult,
  scopeOutput: unknown = result.output,
): Promise<Halt | undefined> {
  const { record, halt } = await recordStep(context, step, result);
  frame.records[step.name] = record;
  frame.scope.setFromRecord(step.name, record, halt ? undefined : scopeOutput);
  context.stepFinished(step.name, frame.path, record);
  return halt;
}

/** Why a step failed before it ran: a plain failure, or a sandbox limit that ends the run. */
export type StepFailure =
  | { status: 'FAILED'; message: string }
  | { status: 'LIMIT'; runStatus: 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED'; message: string };

/** Ends a step as FAILED with `failure`'s message and returns the halt that stops the run. */
export async function failStep(
  context: RunContext,
  step: StepIdentity,
  frame: Frame,
  loggedInput: unknown,
  failure: StepFailure,
  startedAt: number,
): Promise<Halt> {
  const result = { status: 'FAILED' as const, loggedInput, errorMessage: failure.message, startedAt };
  const halt = await finishStep(context, step, frame, result);
  return halt ?? failedHalt(failure.status === 'LIMIT' ? failure.runStatus : 'FAILED', failure.message, step);
}
