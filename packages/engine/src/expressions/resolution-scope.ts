import type { SandboxOutcome } from '../sandbox/sandbox';

/**
 * What `{{ }}` expressions can read: every executed step by name (`{output, error}`, as in
 * Activepieces), loops in their body (`{output: {item, index}}`), and `connections`
 * (name -> value, pre-fetched, see `findConnectionReferences`). Values are plain JSON data and
 * are never modified by the resolver.
 */
export interface ResolutionScope {
  /** The value of a name in scope; only called for names `has` accepts. */
  get(name: string): unknown;
  /** True when `name` is in scope. */
  has(name: string): boolean;
  /**
   * The names in scope, used to find which of them an expression reads (only those are passed to
   * the sandbox). `connections` may be left out: it is added whenever `has('connections')`.
   */
  names(): ReadonlySet<string>;
}

/**
 * Evaluates one JavaScript expression with the given variables: pass the run's sandbox, as
 * `(expression, scope) => sandbox.evaluateExpression(expression, scope)`.
 */
export type ExpressionEvaluator = (
  expression: string,
  scope: Readonly<Record<string, unknown>>,
) => SandboxOutcome;

/**
 * A {@link ResolutionScope} over a fixed record of names (own enumerable keys only). Meant for
 * tests and simple callers; the engine passes its own scope of executed steps.
 *
 * @example
 * ```ts
 * const scope = createResolutionScope({ trigger: { output: { name: 'Ada' } } });
 * resolveTemplate("Hi {{trigger['output'].name}}", scope, evaluate); // 'Hi Ada'
 * ```
 */
export function createResolutionScope(entries: Readonly<Record<string, unknown>>): ResolutionScope {
  const values = new Map(Object.entries(entries));
  const names: ReadonlySet<string> = new Set(values.keys());
  return {
    get: (name) => values.get(name),
    has: (name) => values.has(name),
    names: () => names,
  };
}
