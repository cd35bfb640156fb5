import type { TemplateToken } from '@piecework/shared';
import { readsConnection } from '@piecework/shared';
import { REDACTED } from './redacted';
import { ExpressionResolver } from './expression-resolver';
import type { ExpressionEvaluator, ResolutionScope } from './resolution-scope';
import { templateText } from './template-text';
import { templateTokensOf } from './template-analysis';

/** Options of {@link resolveTemplate} and `resolveValue`. */
export interface ResolveOptions {
  /**
   * Produce the LOGGED form: every token that reads `connections` becomes `**REDACTED**` (a
   * string that is that single token becomes the string `'**REDACTED**'`) and is not evaluated;
   * other tokens resolve as usual. Default `false`.
   */
  redact?: boolean;
}

/** A string's tokens, resolved lazily and at most once each. */
export interface TemplateParts {
  readonly text: string;
  readonly tokens: readonly TemplateToken[];
  /** True when the string is exactly one token once trimmed: it then takes the value's own type. */
  readonly single: boolean;
  value(index: number): unknown;
  readsConnection(index: number): boolean;
}

/** Splits `text` into its tokens, resolving each through `resolver` on first use. */
export function templateParts(text: string, resolver: ExpressionResolver): TemplateParts {
  const tokens = templateTokensOf(text);
  const first = tokens[0];
  const single =
    tokens.length === 1 &&
    first !== undefined &&
    text.slice(0, first.start).trim() === '' &&
    text.slice(first.end).trim() === '';
  const values = new Map<number, unknown>();
  return {
    text,
    tokens,
    single,
    value(index) {
      const token = tokens[index];
      if (token === undefined) {
        return undefined;
      }
      if (!values.has(index)) {
        values.set(index, resolver.resolve(token, text));
      }
      return values.get(index);
    },
    readsConnection(index) {
      const token = tokens[index];
      return token !== undefined && readsConnection(text.slice(token.start, token.end));
    },
  };
}

/**
 * Renders parts: a single token takes its value's own type (`undefined`/`null` become `''`),
 * otherwise every token is interpolated with `templateText`. `read` gives each token's value.
 */
export function renderTemplate(parts: TemplateParts, read: (index: number) => unknown): unknown {
  const { text, tokens } = parts;
  if (tokens.length === 0) {
    return text;
  }
  if (parts.single) {
    return read(0) ?? '';
  }
  let result = '';
  let position = 0;
  tokens.forEach((token, index) => {
    result += text.slice(position, token.start) + templateText(read(index));
    position = token.end;
  });
  return result + text.slice(position);
}

/** Reads token values for the logged form: connection tokens are redacted, not evaluated. */
export function loggedReader(parts: TemplateParts): (index: number) => unknown {
  return (index) => (parts.readsConnection(index) ? REDACTED : parts.value(index));
}

/**
 * Resolves the `{{ }}` references of one string, as Activepieces does:
 * - no token: the string itself;
 * - exactly one token once trimmed (`' {{ x }} '`): the value with its own type (number, object,
 *   array, boolean...), or `''` when it is `undefined` or `null`;
 * - otherwise each token is interpolated: strings as they are, other values as compact JSON,
 *   `undefined`/`null` as `''`.
 *
 * An expression that errors, gives `undefined`/`null`, or reads a step not in scope resolves to
 * `''`. Plain paths (`step_1['output'].a[0]`) are read directly from the scope, own properties
 * only (never `__proto__`, `constructor` or `prototype`); other expressions go to `evaluate`
 * with only the names they read. Throws `SandboxLimitError` when the sandbox hits its time or
 * memory limit: the run must end with that status. See {@link ResolveOptions} for the logged form.
 *
 * @example
 * ```ts
 * resolveTemplate("{{trigger['output'].count}}", scope, evaluate); // 3 (a number)
 * resolveTemplate("n={{trigger['output'].count}}", scope, evaluate); // 'n=3'
 * ```
 */
export function resolveTemplate(
  text: string,
  scope: ResolutionScope,
  evaluate: ExpressionEvaluator,
  options: ResolveOptions = {},
): unknown {
  const parts = templateParts(text, new ExpressionResolver(scope, evaluate));
  return renderTemplate(parts, options.redact === true ? loggedReader(parts) : (index) => parts.value(index));
}
