import type { PieceStep, StepPath } from '@piecework/shared';
import type { PieceRunRequest, ResumePayload } from '../host/piece-runner';
import type { RunContext } from '../run/run-context';
import { messageOf, type AttemptOutcome } from '../run/attempt-outcome';
import { whileRunLasts } from './while-run-lasts';

/**
 * One attempt of a PIECE step through the host's piece runner. A runner that throws (rather
 * than returning FAILED) still only fails this step, with the thrown message. The call gets the
 * run's abort signal (its own, released when the attempt ends) and does not outlast the run
 * (see {@link whileRunLasts}).
 */
export async function attemptPieceStep(
  context: RunContext,
  step: PieceStep,
  path: StepPath,
  input: Record<string, unknown>,
  resume: ResumePayload | undefined,
): Promise<AttemptOutcome> {
  const called = await whileRunLasts(context, (signal) =>
    runPiece(context, step, path, input, resume, signal),
  );
  return called.ok ? called.value : called.outcome;
}

async function runPiece(
  context: RunContext,
  step: PieceStep,
  path: StepPath,
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
    path,
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
