import { ExpressionResolver } from './expression-resolver';
import { mapValueStrings } from './map-value-strings';
import type { ExpressionEvaluator, ResolutionScope } from './resolution-scope';
import { loggedReader, renderTemplate, templateParts, type ResolveOptions } from './resolve-template';

/**
 * Resolves every string of a step's settings value with `resolveTemplate`: recursively through
 * arrays and plain objects; keys and non-string values are untouched. Returns new arrays and
 * objects (own enumerable keys only, `__proto__` keys kept as plain keys) and never modifies
 * `value`. Throws `SandboxLimitError` like `resolveTemplate`; with `{redact: true}` it gives the
 * LOGGED form (connection tokens shown as `**REDACTED**`, never evaluated).
 *
 * @example
 * ```ts
 * resolveValue({ to: "{{trigger['output'].email}}", retries: 3 }, scope, evaluate);
 * // { to: 'ada@example.com', retries: 3 }
 * ```
 */
export function resolveValue(
  value: unknown,
  scope: ResolutionScope,
  evaluate: ExpressionEvaluator,
  options: ResolveOptions = {},
): unknown {
  const resolver = new ExpressionResolver(scope, evaluate);
  return mapValueStrings(value, (text) => {
    const parts = templateParts(text, resolver);
    return renderTemplate(
      parts,
      options.redact === true ? loggedReader(parts) : (index) => parts.value(index),
    );
  });
}

function detached(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) {
    return value;
  }
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}

/**
 * Resolves a value once into both its forms: `value` (what the step receives, as
 * {@link resolveValue}) and `logged` (as `resolveValue` with `{redact: true}`). Each expression
 * is evaluated once, so both forms show the same results (even of `Date.now()`), and the two
 * trees share no objects.
 *
 * @example
 * ```ts
 * const { value, logged } = resolveValueWithLog({ auth: "{{connections['api']}}" }, scope, evaluate);
 * // value: { auth: 'secret' }, logged: { auth: '**REDACTED**' }
 * ```
 */
export function resolveValueWithLog(
  value: unknown,
  scope: ResolutionScope,
  evaluate: ExpressionEvaluator,
): { value: unknown; logged: unknown } {
  const resolver = new ExpressionResolver(scope, evaluate);
  const loggedStrings: unknown[] = [];
  const resolved = mapValueStrings(value, (text) => {
    const parts = templateParts(text, resolver);
    const readLogged = loggedReader(parts);
    const own = renderTemplate(parts, (index) => parts.value(index));
    loggedStrings.push(renderTemplate(parts, (index) => detached(readLogged(index))));
    return own;
  });
  let next = 0;
  const logged = mapValueStrings(value, () => loggedStrings[next++]);
  return { value: resolved, logged };
}
