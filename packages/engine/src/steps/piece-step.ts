import type { PieceStep } from '@piecework/shared';
import type { PieceRunRequest, ResumePayload } from '../host/piece-runner';
import { abortMessage } from '../run/run-abort';
import type { RunContext } from '../run/run-context';
import { timeoutMessage } from '../run/halt';
import { messageOf, type AttemptOutcome } from './attempt-outcome';

/** The longest delay `setTimeout` takes (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One attempt of a PIECE step through the host's piece runner. A runner that throws (rather
 * than returning FAILED) still only fails this step, with the thrown message. The call gets the
 * run's abort signal (its own, released when the attempt ends). The attempt does not outlast
 * the run: at the run's deadline the run's signal is aborted and the attempt ends the run
 * TIMEOUT; when the caller aborts the run, the attempt fails with the caller's reason. Either way
 * the piece's own answer, if it ever comes, is ignored.
 */
export async function attemptPieceStep(
  context: RunContext,
  step: PieceStep,
  input: Record<string, unknown>,
  resume: ResumePayload | undefined,
): Promise<AttemptOutcome> {
  const { host } = context;
  let abandon!: (outcome: AttemptOutcome) => void;
  const abandoned = new Promise<AttemptOutcome>((resolve) => (abandon = resolve));
  const call = context.abort.forCall((reason) => abandon(abortedOutcome(context, reason)));
  const remainingMs = context.deadline - host.now();
  const timer =
    remainingMs <= MAX_TIMER_MS
      ? setTimeout(() => context.endAtDeadline(), Math.max(0, remainingMs))
      : undefined;
  try {
    if (call.signal.aborted) return abortedOutcome(context, call.signal.reason);
    return await Promise.race([runPiece(context, step, input, resume, call.signal), abandoned]);
  } finally {
    clearTimeout(timer);
    call.release();
  }
}

async function runPiece(
  context: RunContext,
  step: PieceStep,
  input: Record<string, unknown>,
  resume: ResumePayload | undefined,
  signal: AbortSignal,
): Promise<AttemptOutcome> {
  const { host } = context;
  const request: PieceRunRequest = {
    pieceName: step.settings.pieceName,
    pieceVersion: step.settings.pieceVersion,
    actionName: step.settings.actionName ?? '',
    stepName: step.name,
    input,
    propertySettings: step.settings.propertySettings,
    run: context.run,
    resume,
    test: context.testMode,
    services: {
      store: host.store,
      files: host.files,
      connections: host.connections,
      now: () => host.now(),
      ...(host.flows ? { flows: host.flows } : {}),
    },
    signal,
  };
  try {
    return await host.pieces.run(request);
  } catch (error) {
    return { status: 'FAILED', message: messageOf(error) };
  }
}

function abortedOutcome(context: RunContext, reason: unknown): AttemptOutcome {
  if (context.abortedAtDeadline()) {
    return {
      status: 'LIMIT',
      runStatus: 'TIMEOUT',
      message: timeoutMessage(context.options.flowTimeoutSeconds),
    };
  }
  return { status: 'FAILED', message: `The run was aborted: ${abortMessage(reason)}` };
}
