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
  /** Made when a signal is first asked for: most runs end without handing one out. */
  #controller: AbortController | undefined;
  #aborted = false;
  #reason: unknown;
  /** Makes the reason when first read, for an abort nobody was listening to. */
  #makeReason: (() => Error) | undefined;
  private readonly unlinkCaller: (() => void) | undefined;

  /** @param caller the caller's signal (e.g. `FlowEngine.execute({signal})`): aborting it aborts the run. */
  constructor(caller?: AbortSignal) {
    if (!caller) return;
    if (caller.aborted) {
      this.#abortWith(caller.reason);
      return;
    }
    const onAbort = () => this.#abortWith(caller.reason);
    caller.addEventListener('abort', onAbort, { once: true });
    this.unlinkCaller = () => caller.removeEventListener('abort', onAbort);
  }

  /** Aborted once the run has ended (or was aborted); its `reason` says why. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#aborted) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  }

  /** Whether the run was aborted: `signal.aborted`, without making a signal. */
  get aborted(): boolean {
    return this.#aborted;
  }

  /** Why the run was aborted (undefined while it was not): `signal.reason`, without making a signal. */
  get reason(): unknown {
    if (this.#makeReason !== undefined) {
      this.#reason = this.#makeReason();
      this.#makeReason = undefined;
    }
    return this.#reason;
  }

  /**
   * Ends the run's outbound work with `reason` (the first reason given stays). A function is
   * called for the reason only when somebody reads it: an `Error` costs its stack trace.
   */
  abort(reason: Error | (() => Error)): void {
    this.unlinkCaller?.();
    if (this.#aborted) return;
    if (typeof reason === 'function' && this.#controller === undefined) {
      this.#aborted = true;
      this.#makeReason = reason;
      return;
    }
    this.#abortWith(typeof reason === 'function' ? reason() : reason);
  }

  #abortWith(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }

  /**
   * A signal for one piece call, aborted with the run's; call `release` when the call has ended
   * (which aborts it, if the run did not already). `onAbort` (optional) is told when the run is
   * aborted during the call.
   */
  forCall(onAbort?: (reason: unknown) => void): { signal: AbortSignal; release(): void } {
    const call = new AbortController();
    const run = this.signal;
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
        call.abort(endedError('The step has ended'));
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

/**
 * An `AbortError` with `message` and no stack trace, for the routine ends of a run and of its
 * steps: capturing a stack costs more than the rest of a step's bookkeeping, and it would only
 * point at the engine's own code.
 */
export function endedError(message: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return abortError(message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The message of an abort reason: an Error's message, else the value as text. */
export function abortMessage(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason ?? 'The run was aborted');
}
