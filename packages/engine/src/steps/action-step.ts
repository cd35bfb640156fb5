import type { CodeStep, PieceStep, StepOutput } from '@piecework/shared';
import type { Frame } from '../run/frame';
import { failedHalt, type Halt } from '../run/halt';
import { finishStep } from '../run/finish-step';
import type { StepResult } from '../run/record-step';
import { resolveStepInput } from '../run/resolve-step-input';
import type { RunContext } from '../run/run-context';
import type { AttemptOutcome } from '../run/attempt-outcome';
import { attemptCodeStep } from './code-step';
import { attemptPieceStep } from './piece-step';

/**
 * Runs a CODE or PIECE step: resolves its input, makes up to 4 attempts when retryOnFailure is
 * on (waiting the configured 4/8/16 s between them), then records the outcome. A failure stops
 * the run unless continueOnFailure is on (retry is tried first). A pause records the step PAUSED;
 * a stop records it SUCCEEDED and stops the flow; a respond answers the caller and goes on.
 */
export async function executeActionStep(
  context: RunContext,
  step: CodeStep | PieceStep,
  frame: Frame,
  previous: StepOutput | undefined,
): Promise<Halt | undefined> {
  const startedAt = context.host.now();
  context.stepStarted(step.name, frame.path);
  const resolution = await resolveStepInput(context, step.settings.input, frame.scope);
  const outcome: AttemptOutcome = resolution.ok
    ? await attemptWithRetries(context, step, frame, resolution.value, previous)
    : resolution.outcome;
  const loggedInput = resolution.ok ? resolution.logged : {};
  const continueOnFailure = step.settings.errorHandlingOptions?.continueOnFailure?.value === true;

  let halt: Halt | undefined;
  let result: StepResult;
  switch (outcome.status) {
    case 'SUCCEEDED':
      if (outcome.respond) respond(context, outcome.respond);
      result = { status: 'SUCCEEDED', loggedInput, output: outcome.output, startedAt };
      break;
    case 'STOPPED':
      if (outcome.response) context.response = outcome.response;
      result = { status: 'SUCCEEDED', loggedInput, output: outcome.output, startedAt };
      halt = { kind: 'STOPPED' };
      break;
    case 'PAUSED':
      result = { status: 'PAUSED', loggedInput, output: outcome.output, startedAt };
      halt = { kind: 'PAUSED', pause: outcome.pause };
      break;
    case 'FAILED':
      result = { status: 'FAILED', loggedInput, errorMessage: outcome.message, startedAt };
      if (!continueOnFailure) halt = failedHalt('FAILED', outcome.message, step);
      break;
    case 'LIMIT':
      result = { status: 'FAILED', loggedInput, errorMessage: outcome.message, startedAt };
      halt = failedHalt(outcome.runStatus, outcome.message, step);
      break;
  }
  const limitHalt = await finishStep(context, step, frame, result);
  return limitHalt ?? halt;
}

async function attemptWithRetries(
  context: RunContext,
  step: CodeStep | PieceStep,
  frame: Frame,
  input: Record<string, unknown>,
  previous: StepOutput | undefined,
): Promise<AttemptOutcome> {
  const retries =
    step.settings.errorHandlingOptions?.retryOnFailure?.value === true ? context.options.retryDelaysMs : [];
  const resume = previous?.status === 'PAUSED' ? context.takeResumePayload() : undefined;
  for (let attempt = 0; ; attempt++) {
    const outcome =
      step.type === 'CODE'
        ? await attemptCodeStep(context, step, input)
        : await attemptPieceStep(context, step, frame.path, input, resume);
    if (
      outcome.status !== 'FAILED' ||
      attempt >= retries.length ||
      context.pastDeadline() ||
      context.abort.aborted
    )
      return outcome;
    await context.host.sleep(retries[attempt]!);
  }
}

function respond(
  context: RunContext,
  response: NonNullable<Extract<AttemptOutcome, { status: 'SUCCEEDED' }>['respond']>,
) {
  context.response = response;
  context.events.emit('run.responded', response);
}
