/**
 * Synchronous callers waiting for a run's answer (`awaitResponse`): each waits for the run's
 * early response, its end, or its timeout, whichever comes first. Answers are not replayed: a
 * caller waits from the moment it asks.
 */
import type { AwaitedResponse } from './run-runtime';

type Settle = ((answer: AwaitedResponse) => void) & { deadline: number; timeoutMs: number };

/** The most a run's last work must end before its caller's deadline, to record its end and answer. */
const ANSWER_MARGIN_MS = 1_000;

/** The callers waiting, by run id. */
export class ResponseWaiters {
  private readonly waiting = new Map<string, Set<Settle>>();

  /**
   * Waits for run `runId` to answer, at most `timeoutMs`; a caller that stops listening aborts
   * `signal` and is answered TIMED_OUT at once (the run goes on).
   */
  wait(runId: string, timeoutMs: number, signal?: AbortSignal): Promise<AwaitedResponse> {
    return new Promise((resolve) => {
      let waiters = this.waiting.get(runId);
      if (!waiters) this.waiting.set(runId, (waiters = new Set()));
      const settle: Settle = Object.assign(
        (answer: AwaitedResponse) => {
          clearTimeout(timer);
          this.forget(runId, settle);
          resolve(answer);
        },
        { deadline: Date.now() + timeoutMs, timeoutMs },
      );
      const timer = setTimeout(() => settle({ kind: 'TIMED_OUT' }), timeoutMs);
      waiters.add(settle);
      if (signal !== undefined) {
        if (signal.aborted) settle({ kind: 'TIMED_OUT' });
        else signal.addEventListener('abort', () => settle({ kind: 'TIMED_OUT' }), { once: true });
      }
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

  /**
   * When the work of run `runId` (a piece call) must have ended for the run to still answer the
   * callers waiting for it (ms since the epoch): the earliest caller's deadline, less a margin
   * to record the run's end and answer (a quarter of that caller's timeout, at most 1 s).
   * Undefined when nobody waits.
   */
  answerDeadline(runId: string): number | undefined {
    let earliest: number | undefined;
    for (const settle of this.waiting.get(runId) ?? []) {
      const deadline = settle.deadline - Math.min(ANSWER_MARGIN_MS, settle.timeoutMs / 4);
      if (earliest === undefined || deadline < earliest) earliest = deadline;
    }
    return earliest;
  }

  private forget(runId: string, settle: Settle): void {
    const waiters = this.waiting.get(runId);
    if (!waiters) return;
    waiters.delete(settle);
    if (waiters.size === 0) this.waiting.delete(runId);
  }
}
