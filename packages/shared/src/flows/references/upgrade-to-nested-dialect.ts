import { analyzeExpression } from './analyze-expression';
import { applyEdits, type TextEdit } from './edits';
import { mapTemplateExpressions } from './template-tokens';
import { type Token, isPunctuator } from './tokenize';

/** The scope name of connection values: never a step, never rewritten. */
const CONNECTIONS = 'connections';
const NESTED_KEYS = new Set(["'output'", '"output"', "'error'", '"error"']);

/** Whether the tokens after `index` are `['output']`, `["error"]`, `?.['output']`, ... */
export function isFollowedByNestedKey(tokens: readonly Token[], index: number): boolean {
  const open = isPunctuator(tokens[index + 1], '?.') ? index + 2 : index + 1;
  const key = tokens[open + 1];
  return (
    isPunctuator(tokens[open], '[') &&
    key?.type === 'string' &&
    NESTED_KEYS.has(key.value) &&
    isPunctuator(tokens[open + 2], ']')
  );
}

/**
 * Rewrites the `{{ }}` tokens of `text` from the old reference dialect to the NESTED one: every
 * free identifier in `stepNames` (the trigger is `trigger` and belongs in the set) gets
 * `['output']` right after it. `{{step_1.x}}` becomes `{{step_1['output'].x}}`,
 * `{{trigger['body']}}` becomes `{{trigger['output']['body']}}`, and a shorthand `{step_1}`
 * becomes `{step_1: step_1['output']}`.
 *
 * Idempotent: an identifier already followed by `['output']`, `['error']` (either quote, also
 * after `?.`) is left alone; `.output` is an old-dialect property and IS rewritten. Never
 * touched: property names, object keys, strings, template text (but `${ }` is), regexes,
 * comments, `connections`, names shadowed by parameters or declarations (over-approximated:
 * see `findShadows`), names not in `stepNames`, text outside the tokens and unparseable
 * expressions.
 *
 * Use it on every string of an imported flow whose `schemaVersion` is not Piecework's own
 * (never on code-step source).
 *
 * @example
 * ```ts
 * upgradeToNestedDialect('{{trigger.body.a + step_2.n}}', new Set(['trigger', 'step_2']));
 * // "{{trigger['output'].body.a + step_2['output'].n}}"
 * ```
 */
export function upgradeToNestedDialect(text: string, stepNames: ReadonlySet<string>): string {
  return mapTemplateExpressions(text, (expression) => {
    const analysis = analyzeExpression(expression);
    if (analysis === undefined) {
      return expression;
    }
    const edits: TextEdit[] = [];
    for (const reference of analysis.references) {
      const { name, end } = reference;
      if (!stepNames.has(name) || name === CONNECTIONS) {
        continue;
      }
      if (reference.shorthand) {
        edits.push({ start: end, end, text: `: ${name}['output']` });
      } else if (!isFollowedByNestedKey(analysis.tokens, reference.tokenIndex)) {
        edits.push({ start: end, end, text: "['output']" });
      }
    }
    return applyEdits(expression, edits);
  });
}
