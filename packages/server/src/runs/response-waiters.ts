/**
 * Synchronous callers waiting for a run's answer (`awaitResponse`): each waits for the run's
 * early response, its end, or its timeout, whichever comes first. Answers are not replayed: a
 * caller waits from the moment it asks.
 */
import type { AwaitedResponse } from './run-runtime';

/** The callers waiting, by run id. */
export class ResponseWaiters {
  private readonly waiting = new Map<string, Set<(answer: AwaitedResponse) => void>>();

  /** Waits for run `runId` to answer, at most `timeoutMs`. */
  wait(runId: string, timeoutMs: number): Promise<AwaitedResponse> {
    return new Promise((resolve) => {
      let waiters = this.waiting.get(runId);
      if (!waiters) this.waiting.set(runId, (waiters = new Set()));
      const settle = (answer: AwaitedResponse) => {
        clearTimeout(timer);
        this.forget(runId, settle);
        resolve(answer);
      };
      const timer = setTimeout(() => settle({ kind: 'TIMED_OUT' }), timeoutMs);
      waiters.add(settle);
    });
  }

  /** Answers every caller waiting for run `runId`. */
  settle(runId: string, answer: AwaitedResponse): void {
    const waiters = this.waiting.get(runId);
    if (!waiters) return;
    this.waiting.delete(runId);
    for (const settle of waiters) settle(answer);
  }

  private forget(runId: string, settle: (answer: AwaitedResponse) => void): void {
    const waiters = this.waiting.get(runId);
    if (!waiters) return;
    waiters.delete(settle);
    if (waiters.size === 0) this.waiting.delete(runId);
  }
}
