import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten';
import { KEPT_MODULE_MISSING, type SandboxHelperName } from './bootstrap-source';
import type { SandboxHelpers } from './bootstrap-context';
import type { RunCodeOptions, Sandbox, SandboxFailure, SandboxOutcome } from './sandbox';
import {
  errorFailure,
  failed,
  memoryFailure,
  neverSettledFailure,
  STACK_OVERFLOW_MESSAGE,
  timeoutFailure,
  tooLargeFailure,
} from './sandbox-failures';
import type { SandboxSignals } from './sandbox-signals';
import { scopeVariables } from './scope-variables';
import { transformCode, type TransformedCode } from './transform-code';

/** What a {@link QuickJSSandbox} is made of; it owns all of it. */
export interface QuickJSSandboxParts {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  helpers: SandboxHelpers;
  signals: SandboxSignals;
  memoryLimitBytes: number;
  /** The interrupt check in force; {@link QuickJSSandbox.rebind} swaps it when the sandbox is reused. */
  interrupt: { current: () => boolean };
  /** The instance's linear memory (its size tells whether the sandbox is worth keeping warm). */
  memory?: { readonly buffer: ArrayBuffer };
}

type Handled = { ok: true; handle: QuickJSHandle } | { ok: false; failure: SandboxFailure };

const UNREADABLE_MESSAGE = 'The code threw a value that cannot be read';
/** As many as the bootstrap's `start` keeps. */
const MAX_KEPT_BUNDLES = 20;

/**
 * The {@link Sandbox} over one QuickJS instance, runtime and context (see `createSandbox`).
 *
 * Every operation resets the signals, calls one bootstrap helper with string arguments, reads the
 * result back as JSON text, and runs the promise jobs left behind, so nothing of a step runs
 * during a later one. Failures are classified by the host: TIMEOUT when its interrupt handler
 * stopped the code, MEMORY_LIMIT_EXCEEDED for QuickJS's "out of memory" error, ERROR otherwise.
 *
 * After running out of memory the context is checked; if it cannot run even a trivial call, the
 * sandbox is broken: every later call fails with MEMORY_LIMIT_EXCEEDED. A host stack overflow
 * (or any trap) inside the WebAssembly instance breaks it the same way, with an ERROR.
 */
export class QuickJSSandbox implements Sandbox {
  readonly #parts: QuickJSSandboxParts;
  #disposed = false;
  #running = false;
  #crashed = false;
  #broken: SandboxFailure | undefined;
  #limitHit = false;
  /** Bundles whose module QuickJS keeps for this run, by source, with their keys (see `start`). */
  readonly #keptBundles = new Map<string, string>();
  #nextBundleKey = 1;

  constructor(parts: QuickJSSandboxParts) {
    this.#parts = parts;
  }

  /**
   * Whether this sandbox can serve another run: not disposed, crashed or broken, never stopped
   * by a limit (TIMEOUT, memory), and its memory has not grown past `maxMemoryBytes`. Nothing
   * a run does survives it: every global and intrinsic is frozen.
   */
  isReusable(maxMemoryBytes: number): boolean {
    const memoryBytes = this.#parts.memory?.buffer.byteLength ?? 0;
    return (
      !this.#disposed &&
      !this.#running &&
      !this.#crashed &&
      !this.#broken &&
      !this.#limitHit &&
      memoryBytes <= maxMemoryBytes
    );
  }

  /**
   * Points the interrupt handler at the next run's deadline check, and forgets the bundled
   * modules kept for the last run (for a reused sandbox). A sandbox that cannot forget them is
   * not reused.
   */
  rebind(shouldInterrupt: () => boolean): void {
    this.#assertUsable();
    this.#parts.interrupt.current = shouldInterrupt;
    this.#keptBundles.clear();
    if (this.#crashed || this.#broken) return;
    const reset = this.#call('reset', []);
    if (reset.ok) reset.handle.dispose();
    else this.#limitHit = true;
  }

  /** {@inheritDoc Sandbox.evaluateExpression} */
  evaluateExpression(expression: string, scope: Readonly<Record<string, unknown>>): SandboxOutcome {
    this.#assertUsable();
    if (this.#broken) return failed(this.#broken);
    let variables;
    try {
      variables = scopeVariables(expression, scope);
    } catch (error) {
      return failed(errorFailure(`The variables of the expression are not JSON data: ${messageOf(error)}`));
    }
    const { names, json } = variables;
    return this.#operate(() => {
      const called = this.#call('evaluate', [expression, names.join(','), json]);
      if (!called.ok) return failed(called.failure);
      const outcome = this.#readJson(called.handle);
      return this.#runPendingJobs() ?? outcome;
    });
  }

  /** {@inheritDoc Sandbox.runCode} */
  async runCode(
    source: string,
    inputs: Readonly<Record<string, unknown>>,
    options: RunCodeOptions = {},
  ): Promise<SandboxOutcome> {
    this.#assertUsable();
    if (this.#broken) return failed(this.#broken);
    const transformed: TransformedCode = options.bundled ? { ok: true, code: source } : transformCode(source);
    if (!transformed.ok) return failed(transformed.failure);
    let inputsJson: string;
    try {
      inputsJson = JSON.stringify(inputs) ?? '{}';
    } catch (error) {
      return failed(errorFailure(`The inputs of the code step are not JSON data: ${messageOf(error)}`));
    }
    if (!options.bundled) return this.#start(transformed.code, inputsJson, '');
    // A bundle is copied into QuickJS once per run: later calls name it by its key.
    const key = this.#keptBundles.get(source);
    if (key !== undefined) {
      const outcome = this.#start('', inputsJson, key);
      if (outcome.ok || outcome.failure.message !== KEPT_MODULE_MISSING) return outcome;
    }
    const newKey = key ?? String(this.#nextBundleKey++);
    if (key === undefined && this.#keptBundles.size >= MAX_KEPT_BUNDLES) {
      this.#keptBundles.delete(this.#keptBundles.keys().next().value!);
    }
    this.#keptBundles.set(source, newKey);
    return this.#start(source, inputsJson, newKey);
  }

  #start(source: string, inputsJson: string, keepKey: string): SandboxOutcome {
    return this.#operate(() => {
      const started = this.#call('start', [source, inputsJson, keepKey]);
      if (!started.ok) return failed(started.failure);
      return this.#settle(started.handle);
    });
  }

  /** {@inheritDoc Sandbox.dispose} */
  dispose(): void {
    if (this.#running) throw new Error('A sandbox cannot be disposed from a callback of the code it runs');
    if (this.#disposed) return;
    this.#disposed = true;
    // A crashed instance is dropped whole (its memory goes with it): freeing inside it could trap.
    if (this.#crashed) return;
    const { helpers, context, runtime } = this.#parts;
    try {
      for (const handle of Object.values(helpers)) handle.dispose();
      context.dispose();
      runtime.dispose();
    } catch {
      // QuickJS can abort while freeing a runtime that ran out of memory (an assertion on its
      // object lists); the instance is dropped whole then, its memory with it.
      this.#crashed = true;
    }
  }

  #assertUsable(): void {
    if (this.#disposed) throw new Error('This sandbox was disposed: create a new one to run more code');
    if (this.#running) throw new Error('A sandbox cannot be used from a callback of the code it runs');
  }

  /** Runs one operation: resets the signals, then applies them and the crash policy. */
  #operate(operation: () => SandboxOutcome): SandboxOutcome {
    const { signals } = this.#parts;
    signals.reset();
    this.#running = true;
    let outcome: SandboxOutcome;
    try {
      outcome = operation();
      const outOfMemory = !outcome.ok && outcome.failure.kind === 'MEMORY_LIMIT_EXCEEDED';
      if (outOfMemory && !signals.interrupted && !signals.hostError) this.#checkAfterMemoryFailure();
    } catch (error) {
      if (signals.hostError) throw signals.hostError.error;
      return this.#crash(error);
    } finally {
      this.#running = false;
    }
    if (signals.hostError) throw signals.hostError.error;
    if (signals.interrupted) {
      this.#limitHit = true;
      return failed(timeoutFailure());
    }
    if (!outcome.ok && outcome.failure.kind === 'MEMORY_LIMIT_EXCEEDED') this.#limitHit = true;
    return outcome;
  }

  /** Calls a bootstrap helper with string arguments. */
  #call(name: SandboxHelperName, args: readonly string[]): Handled {
    const { context, helpers, memoryLimitBytes } = this.#parts;
    // Strings are copied into the instance's memory before QuickJS sees them: refuse what cannot fit.
    const tooLarge = args.find((arg) => arg.length > memoryLimitBytes / 4);
    if (tooLarge !== undefined)
      return { ok: false, failure: tooLargeFailure(tooLarge.length, memoryLimitBytes) };
    const handles = args.map((arg) => context.newString(arg));
    try {
      const result = context.callFunction(helpers[name], context.undefined, handles);
      if (!result.error) return { ok: true, handle: result.value };
      return { ok: false, failure: this.#consumeThrown(result.error) };
    } finally {
      for (const handle of handles) handle.dispose();
    }
  }

  /** Drives the promise of a code step to its end by running the runtime's pending jobs. */
  #settle(promise: QuickJSHandle): SandboxOutcome {
    const { context, runtime } = this.#parts;
    try {
      for (;;) {
        const state = context.getPromiseState(promise);
        if (state.type === 'fulfilled') return this.#readJson(state.value);
        if (state.type === 'rejected') return failed(this.#consumeThrown(state.error));
        if (!runtime.hasPendingJob()) return failed(neverSettledFailure());
        const jobs = runtime.executePendingJobs(-1);
        if (jobs.error) return failed(this.#consumeThrown(jobs.error));
      }
    } finally {
      promise.dispose();
    }
  }

  /** Runs the promise jobs an operation left behind; a failure if one of them was stopped. */
  #runPendingJobs(): SandboxOutcome | undefined {
    const { runtime } = this.#parts;
    if (!runtime.hasPendingJob()) return undefined;
    const jobs = runtime.executePendingJobs(-1);
    return jobs.error ? failed(this.#consumeThrown(jobs.error)) : undefined;
  }

  /** Reads (and frees) a helper's result: JSON text, or `undefined`. */
  #readJson(handle: QuickJSHandle): SandboxOutcome {
    const { context, memoryLimitBytes } = this.#parts;
    try {
      const type = context.typeof(handle);
      if (type === 'undefined') return { ok: true, value: undefined };
      if (type !== 'string') throw new Error(`A sandbox helper returned a ${type} instead of JSON text`);
      const text = context.getString(handle);
      // JSON text is never empty: an empty string means QuickJS could not copy it out.
      if (text === '') return failed(memoryFailure(memoryLimitBytes));
      return { ok: true, value: JSON.parse(text) as unknown };
    } finally {
      handle.dispose();
    }
  }

  /** Classifies (and frees) a thrown value. */
  #consumeThrown(thrown: QuickJSHandle): SandboxFailure {
    const { signals, memoryLimitBytes } = this.#parts;
    try {
      if (signals.interrupted || signals.hostError) return timeoutFailure();
      const description = this.#describe(thrown);
      const kind = description?.charAt(0);
      if (kind === 'M') return memoryFailure(memoryLimitBytes);
      // QuickJS throws `null` (or something unreadable) when even its error could not be allocated.
      if (signals.memoryExhausted) return memoryFailure(memoryLimitBytes);
      if (kind === 'S') return errorFailure(STACK_OVERFLOW_MESSAGE);
      if (kind === 'E' && description !== undefined) return errorFailure(description.slice(1));
      if (kind === 'U' || this.#ping()) return errorFailure(UNREADABLE_MESSAGE);
      // `describe` itself failed and the context cannot run a trivial call: it is full.
      return memoryFailure(memoryLimitBytes);
    } finally {
      thrown.dispose();
    }
  }

  /** Asks the `describe` helper about a thrown value; `undefined` if that fails too. */
  #describe(thrown: QuickJSHandle): string | undefined {
    const { context, helpers } = this.#parts;
    const result = context.callFunction(helpers.describe, context.undefined, thrown);
    if (result.error) {
      result.error.dispose();
      return undefined;
    }
    try {
      return context.typeof(result.value) === 'string' ? context.getString(result.value) : undefined;
    } finally {
      result.value.dispose();
    }
  }

  /** Whether the context can still run a trivial call. */
  #ping(): boolean {
    const { context, helpers } = this.#parts;
    const result = context.callFunction(helpers.ping, context.undefined);
    const healthy = !result.error && context.typeof(result.value) === 'number';
    (result.error ?? result.value).dispose();
    return healthy;
  }

  /** After running out of memory: if the context cannot even answer `ping`, it is broken. */
  #checkAfterMemoryFailure(): void {
    if (this.#ping()) return;
    const { memoryLimitBytes } = this.#parts;
    this.#broken = {
      kind: 'MEMORY_LIMIT_EXCEEDED',
      message: `${memoryFailure(memoryLimitBytes).message}; the sandbox cannot run more code in this run`,
    };
  }

  /**
   * An exception from the QuickJS instance itself, not from the code it ran. A host stack overflow
   * (RangeError) or a WebAssembly trap leaves the instance inconsistent: the sandbox is broken and
   * this operation fails. Anything else is a bug: the sandbox is broken and the error rethrown.
   */
  #crash(error: unknown): SandboxOutcome {
    this.#crashed = true;
    const message =
      error instanceof RangeError ? STACK_OVERFLOW_MESSAGE : `The sandbox crashed: ${messageOf(error)}`;
    this.#broken = {
      kind: 'ERROR',
      message: `The sandbox cannot run more code in this run (it failed earlier: ${message})`,
    };
    if (error instanceof RangeError || isWebAssemblyTrap(error)) return failed(errorFailure(message));
    throw error;
  }
}

/** A `WebAssembly.RuntimeError` (the engine's TypeScript libs have no WebAssembly types). */
function isWebAssemblyTrap(error: unknown): boolean {
  const { RuntimeError } = (globalThis as unknown as { WebAssembly: { RuntimeError: new () => Error } })
    .WebAssembly;
  return error instanceof RuntimeError;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
