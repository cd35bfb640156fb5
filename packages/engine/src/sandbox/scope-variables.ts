/**
 * Words that cannot name a parameter of a strict-mode function (reserved words, strict-mode
 * reserved words, `eval`, `arguments`).
 */
const RESERVED_WORDS = new Set(
  (
    'arguments await break case catch class const continue debugger default delete do else enum ' +
    'eval export extends false finally for function if implements import in instanceof interface ' +
    'let new null package private protected public return static super switch this throw true try ' +
    'typeof var void while with yield'
  ).split(' '),
);

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Whether `key` can be a variable of an expression: an ASCII JavaScript identifier that is not
 * a reserved word (keys such as `step-1`, `1st` or `class` are not; the resolver reaches those
 * through another variable, e.g. `connections['my-key']`).
 */
export function isVariableName(key: string): boolean {
  return IDENTIFIER.test(key) && !RESERVED_WORDS.has(key);
}

/** The variables an expression gets: their names and their values as one JSON object text. */
export interface ScopeVariables {
  /** Variable names, in the scope's key order. */
  names: string[];
  /** `JSON.stringify` of the object of those variables. */
  json: string;
}

/**
 * Picks the scope keys that become variables of `expression`: valid variable names (see
 * {@link isVariableName}) that appear in its text. A key absent from the text cannot be read by
 * the expression, so its value is not marshalled; when the text mentions `eval` or `arguments`
 * (which can read variables without naming them) every valid key is kept.
 *
 * @throws whatever `JSON.stringify` throws for a value that is not JSON data (BigInt, cycle).
 */
export function scopeVariables(expression: string, scope: Readonly<Record<string, unknown>>): ScopeVariables {
  const keepAll = expression.includes('eval') || expression.includes('arguments');
  const names: string[] = [];
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(scope)) {
    if (!isVariableName(key) || (!keepAll && !expression.includes(key))) continue;
    names.push(key);
    Object.defineProperty(values, key, {
      value: scope[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { names, json: JSON.stringify(values) };
}
