import { tokenize } from './tokenize';

/**
 * One `{{ expression }}` token of a string: `text.slice(start, end)` is the whole token with
 * its braces and `expression` is the raw text between them, whitespace included.
 */
export interface TemplateToken {
  readonly start: number;
  readonly end: number;
  readonly expression: string;
}

/**
 * Finds the `{{ ... }}` template tokens of a string, left to right, without overlap.
 *
 * A token ends at the first `}}` that lies outside the expression's own braces, strings,
 * template literals, regexes and comments, so `{{ {a: 1}.a }}` and `{{ '}}' }}` are one token
 * each. When the expression cannot be scanned that way (an unterminated string such as
 * `{{ it's }}`, a stray `}`), the token ends at the first `}}` after the `{{`, the way a plain
 * `{{(.*?)}}` match would. A `{{` with no `}}` after it is not a token.
 *
 * Use it wherever step inputs are read for references (resolution, rewriting, validation).
 *
 * @example
 * ```ts
 * findTemplateTokens("Hi {{ trigger['output'].name }}!");
 * // [{ start: 3, end: 32, expression: " trigger['output'].name " }]
 * ```
 */
export function findTemplateTokens(text: string): TemplateToken[] {
  const found: TemplateToken[] = [];
  let open = text.indexOf('{{');
  while (open >= 0) {
    const scanned = tokenize(text, { start: open + 2, stopAtDoubleBrace: true });
    const close = scanned.ok ? scanned.end : text.indexOf('}}', open + 2);
    if (close < 0) {
      break;
    }
    found.push({ start: open, end: close + 2, expression: text.slice(open + 2, close) });
    open = text.indexOf('{{', close + 2);
  }
  return found;
}

/**
 * Rewrites the expression of every `{{ }}` token of `text` with `fn` (which receives the raw
 * expression, surrounding whitespace included) and keeps everything else byte-identical.
 * Returns `text` itself when there is no token. Use it to build any token-wise rewrite.
 *
 * @example
 * ```ts
 * mapTemplateExpressions('a {{ x }} b', (e) => e.toUpperCase()); // 'a {{ X }} b'
 * ```
 */
export function mapTemplateExpressions(text: string, fn: (expression: string) => string): string {
  const tokens = findTemplateTokens(text);
  if (tokens.length === 0) {
    return text;
  }
  let result = '';
  let position = 0;
  for (const token of tokens) {
    result += `${text.slice(position, token.start)}{{${fn(token.expression)}}}`;
    position = token.end;
  }
  return result + text.slice(position);
}
