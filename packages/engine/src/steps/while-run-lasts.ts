import { abortMessage } from '../run/run-abort';
import type { RunContext } from '../run/run-context';
import { timeoutMessage } from '../run/halt';
import type { AttemptOutcome } from '../run/attempt-outcome';

/** The longest delay `setTimeout` takes (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What {@link whileRunLasts} got: the call's value, or the outcome of the run ending first. */
export type BoundedCall<T> = { ok: true; value: T } | { ok: false; outcome: AttemptOutcome };

/**
 * Awaits a call to the host (a piece action, a code bundle) for no longer than the run lasts.
 * The call gets its own abort signal, released when it answers. At the run's deadline the run's
 * signal is aborted and the attempt ends the run TIMEOUT; when the caller aborts the run, the
 * attempt fails with the caller's reason. Either way the call's own answer, if it ever comes, is
 * ignored.
 */
export async function whileRunLasts<T>(
  context: RunContext,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<BoundedCall<T>> {
  let abandon!: (outcome: BoundedCall<T>) => void;
  const abandoned = new Promise<BoundedCall<T>>((resolve) => (abandon = resolve));
  const bounded = context.abort.forCall((reason) => abandon(ended(context, reason)));
  const remainingMs = context.deadline - context.host.now();
  const timer =
    remainingMs <= MAX_TIMER_MS
      ? setTimeout(() => context.endAtDeadline(), Math.max(0, remainingMs))
      : undefined;
  try {
    if (bounded.signal.aborted) return ended(context, bounded.signal.reason);
    const answered = call(bounded.signal).then((value): BoundedCall<T> => ({ ok: true, value }));
    return await Promise.race([answered, abandoned]);
  } finally {
    clearTimeout(timer);
    bounded.release();
  }
}

function ended<T>(context: RunContext, reason: unknown): BoundedCall<T> {
  if (context.abortedAtDeadline()) {
    const message = timeoutMessage(context.options.flowTimeoutSeconds);
    return { ok: false, outcome: { status: 'LIMIT', runStatus: 'TIMEOUT', message } };
  }
  return {
    ok: false,
    outcome: { status: 'FAILED', message: `The run was aborted: ${abortMessage(reason)}` },
  };
}
