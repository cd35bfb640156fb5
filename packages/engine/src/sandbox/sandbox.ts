/**
 * The contract of the QuickJS sandbox that runs code steps and `{{ }}` expressions.
 * One sandbox serves one run (one QuickJS runtime and context, reused across its steps).
 */

/** Levels of the lines code steps print with `console.*` (`console.trace` prints at `debug`). */
export type SandboxLogLevel = 'debug' | 'info' | 'log' | 'warn' | 'error';

/** Options of one run's sandbox. */
export interface SandboxOptions {
  /**
   * Memory limit in bytes (beyond it: MEMORY_LIMIT_EXCEEDED). It caps the sandbox's WebAssembly
   * memory at this much heap plus QuickJS's fixed 6 MiB (C stack and static data), and never
   * less than the module's initial 16 MiB; so small limits are rounded up to about 10 MiB of heap.
   */
  memoryLimitBytes: number;
  /**
   * Stack limit in bytes (deep recursion fails the step with "Maximum call stack size exceeded").
   * Default 192 KiB: about 1,100 nested calls of a small function. QuickJS's frames also use the
   * host's (V8's) own stack, so a limit above about 300 KiB can exhaust the host stack first on
   * Node's main thread; the sandbox then reports the same error and cannot run more code.
   */
  stackLimitBytes?: number;
  /** Polled while user code runs; returning true interrupts it (the run's deadline passed: TIMEOUT). */
  shouldInterrupt: () => boolean;
  /**
   * Receives each line code steps print with `console.log`/`info`/`warn`/`error`/`debug`/`trace`:
   * the arguments joined by spaces, strings as they are, other values as JSON. Default: the lines
   * are dropped.
   */
  onLog?: (level: SandboxLogLevel, line: string) => void;
}

/** The limits of a sandbox: sandboxes with the same limits are interchangeable (the pool's key). */
export type SandboxLimits = Pick<SandboxOptions, 'memoryLimitBytes' | 'stackLimitBytes'>;

/** Why sandboxed code did not produce a value. */
export type SandboxFailure =
  | { kind: 'ERROR'; message: string }
  | { kind: 'TIMEOUT'; message: string }
  | { kind: 'MEMORY_LIMIT_EXCEEDED'; message: string };

/** A value produced in the sandbox (as plain host data), or why there is none. */
export type SandboxOutcome = { ok: true; value: unknown } | { ok: false; failure: SandboxFailure };

/** Options of {@link Sandbox.runCode}. */
export interface RunCodeOptions {
  /**
   * The source is a bundle (CommonJS, no TypeScript), not a code step's own source. Default false.
   * A bundle's module runs once per source in a run (its packages are costly to set up): later
   * steps of the run call the same `code` export, and module-level state lasts for the run, as
   * in Node's module cache. It never reaches another run.
   */
  bundled?: boolean;
}

/** A run's sandbox. Values cross the boundary as JSON text only: no host object is ever visible inside. */
export interface Sandbox {
  /**
   * Evaluates one JavaScript expression with `scope`'s keys as variables (values are plain JSON
   * data). `undefined` results come back as `undefined`.
   */
  evaluateExpression(expression: string, scope: Readonly<Record<string, unknown>>): SandboxOutcome;
  /**
   * Runs a code step: `source` is `export const code = async (inputs) => ...` (TypeScript syntax
   * accepted); `inputs` is its resolved input. The value is what `code` returned (awaited). With
   * `options.bundled`, `source` is already a CommonJS function body of `exports` that sets
   * `exports.code` (a code step bundled with its npm packages) and runs as it is.
   */
  runCode(
    source: string,
    inputs: Readonly<Record<string, unknown>>,
    options?: RunCodeOptions,
  ): Promise<SandboxOutcome>;
  /** Frees the QuickJS runtime. Using the sandbox afterwards throws; disposing again does nothing. */
  dispose(): void;
}
