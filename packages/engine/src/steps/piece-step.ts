import type { PieceStep } from '@piecework/shared';
import type { ResumePayload } from '../host/piece-runner';
import type { RunContext } from '../run/run-context';
import { messageOf, type AttemptOutcome } from './attempt-outcome';

/**
 * One attempt of a PIECE step through the host's piece runner. A runner that throws (rather
 * than returning FAILED) still only fails this step, with the thrown message.
 */
export async function attemptPieceStep(
  context: RunContext,
  step: PieceStep,
  input: Record<string, unknown>,
  resume: ResumePayload | undefined,
): Promise<AttemptOutcome> {
  const { host } = context;
  try {
    return await host.pieces.run({
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
      },
    });
  } catch (error) {
    return { status: 'FAILED', message: messageOf(error) };
  }
}
