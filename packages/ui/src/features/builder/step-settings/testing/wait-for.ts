/**
 * Polling for the end of something the server does in the background: a test run reaching a
 * final status, or a webhook test request arriving. Stops when told to (the user cancels, the
 * panel closes) or after a time limit, with an error saying which.
 */
import type { FlowRun } from '@piecework/shared';
import { isTerminalRunStatus } from '@piecework/shared';
import type { PieceworkClient } from '@piecework/client';

/** How often to look again. */
const POLL_MS = 500;

/** Thrown when waiting stopped before the awaited answer. */
export class WaitStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WaitStopped';
  }
}

/** Calls `look` until it answers a value other than undefined; stops on `signal` or after `limitMs`. */
export async function pollUntil<T>(
  look: () => Promise<T | undefined>,
  signal: AbortSignal,
  limitMs: number,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (signal.aborted) throw new WaitStopped('Stopped waiting.');
    const found = await look();
    if (found !== undefined) return found;
    if (Date.now() > deadline)
      throw new WaitStopped(`Nothing arrived within ${String(Math.round(limitMs / 1000))} s.`);
    await new Promise((resolve) => window.setTimeout(resolve, POLL_MS));
  }
}

/** The run `runId` once it has a final status (SUCCEEDED, FAILED...). */
export function waitForRun(client: PieceworkClient, runId: string, signal: AbortSignal): Promise<FlowRun> {
  return pollUntil(
    async () => {
      const run = await client.flowRuns.get(runId);
      return isTerminalRunStatus(run.status) ? run : undefined;
    },
    signal,
    10 * 60_000,
  );
}
