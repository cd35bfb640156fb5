/**
 * The abort signal of one run: owned by its {@link RunContext}, aborted when the run ends for
 * any reason (it finished, failed, stopped, paused, passed its deadline, or the caller aborted
 * it), and handed to every piece call so that the call's outbound requests end with the run.
 * Each piece call gets a signal of its own, linked to the run's by one listener that the call
 * releases when it ends, aborting its own signal then ("The step has ended": work a piece left
 * going after it answered ends with its step): a long run does not pile listeners on the run's
 * signal, and no signal handed to a piece stays unaborted after its step.
 */
export class RunAbort {
  private readonly controller = new AbortController();
  private readonly unlinkCaller: (() => void) | undefined;

  /** @param caller the caller's signal (e.g. `FlowEngine.execute({signal})`): aborting it aborts the run. */
  constructor(caller?: AbortSignal) {
    if (!caller) return;
    if (caller.aborted) {
      this.controller.abort(caller.reason);
      return;
    }
    const onAbort = () => this.controller.abort(caller.reason);
    caller.addEventListener('abort', onAbort, { once: true });
    this.unlinkCaller = () => caller.removeEventListener('abort', onAbort);
  }

  /** Aborted once the run has ended (or was aborted); its `reason` says why. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Ends the run's outbound work with `reason` (the first reason given stays). */
  abort(reason: Error): void {
    this.unlinkCaller?.();
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  /**
   * A signal for one piece call, aborted with the run's; call `release` when the call has ended
   * (which aborts it, if the run did not already). `onAbort` (optional) is told when the run is
   * aborted during the call.
   */
  forCall(onAbort?: (reason: unknown) => void): { signal: AbortSignal; release(): void } {
    const call = new AbortController();
    const run = this.controller.signal;
    if (run.aborted) {
      call.abort(run.reason);
      return { signal: call.signal, release() {} };
    }
    const forward = () => {
      call.abort(run.reason);
      onAbort?.(run.reason);
    };
    run.addEventListener('abort', forward, { once: true });
    return {
      signal: call.signal,
      release: () => {
        run.removeEventListener('abort', forward);
        call.abort(abortError('The step has ended'));
      },
    };
  }
}

/** An `AbortError` with `message` (the reason a run's signal is aborted with). */
export function abortError(message: string, name: 'AbortError' | 'TimeoutError' = 'AbortError'): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** The message of an abort reason: an Error's message, else the value as text. */
export function abortMessage(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason ?? 'The run was aborted');
}
