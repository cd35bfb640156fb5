import type { SandboxFailure } from '../sandbox/sandbox';

/** A sandbox failure that ends the whole run instead of resolving to `''`. */
export type SandboxLimitFailure = Extract<SandboxFailure, { kind: 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED' }>;

/**
 * Thrown by the resolver when evaluating an expression hit a sandbox limit. Unlike an expression
 * error (which resolves to `''`), it must end the run with the run status `kind`.
 *
 * @example
 * ```ts
 * try { resolveValue(input, scope, evaluate); }
 * catch (e) { if (e instanceof SandboxLimitError) return endRun(e.kind, e.message); throw e; }
 * ```
 */
export class SandboxLimitError extends Error {
  override readonly name = 'SandboxLimitError';
  /** The run status to end with: `TIMEOUT` or `MEMORY_LIMIT_EXCEEDED`. */
  readonly kind: SandboxLimitFailure['kind'];
  /** The expression whose evaluation hit the limit. */
  readonly expression: string;

  constructor(failure: SandboxLimitFailure, expression: string) {
    super(failure.message);
    this.kind = failure.kind;
    this.expression = expression;
  }
}
