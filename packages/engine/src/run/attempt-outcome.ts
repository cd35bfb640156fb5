import type { PieceRunOutcome } from '../host/piece-runner';

/**
 * How one attempt of a code or piece step ended: a piece outcome, or a run limit hit inside the
 * sandbox (TIMEOUT / MEMORY_LIMIT_EXCEEDED), which ends the run whatever the step's settings.
 */
export type AttemptOutcome =
  PieceRunOutcome | { status: 'LIMIT'; runStatus: 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED'; message: string };

/** The message of anything thrown, for a step's `errorMessage` (never `[object Object]`). */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
