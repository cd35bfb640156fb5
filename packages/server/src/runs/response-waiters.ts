/**
 * Synchronous callers waiting for a run's answer (`awaitResponse`): each waits for the run's
 * early response, its end, or its timeout, whichever comes first. Answers are not replayed: a
 * caller waits from the moment it asks.
 */
import type { AwaitedResponse } from './run-runtime';

type Settle = ((answer: AwaitedResponse) => void) & { deadline: number };

/** The callers waiting, by run id. */
export class ResponseWaiters {
  private readonly waiting = new Map<string, Set<Settle>>();

  /** Waits for run `runId` to answer, at most `timeoutMs`. */
  wait(runId: string, timeoutMs: number): Promise<AwaitedResponse> {
    return new Promise((resolve) => {
      let waiters = this.waiting.get(runId);
      if (!waiters) this.waiting.set(runId, (waiters = new Set()));
      const settle: Settle = Object.assign(
        (answer: AwaitedResponse) => {
          clearTimeout(timer);
          this.forget(runId, settle);
          resolve(answer);
        },
        { deadline: Date.now() + timeoutMs },
      );
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

  /**
   * Answers `answer` now to the callers of run `runId` who will have stopped waiting before
   * `time` (ms since the epoch): a run that sleeps until then cannot answer them, so they are not
   * kept waiting for nothing. The others keep waiting.
   */
  settleThoseDoneBefore(runId: string, time: number, answer: AwaitedResponse): void {
    for (const settle of [...(this.waiting.get(runId) ?? [])]) {
      if (settle.deadline < time) settle(answer);
    }
  }

  private forget(runId: string, settle: Settle): void {
    const waiters = this.waiting.get(runId);
    if (!waiters) return;
    waiters.delete(settle);
    if (waiters.size === 0) this.waiting.delete(runId);
  }
}
