/**
 * The `{{ }}` tokens of a template string and the plain paths among their expressions,
 * remembered per text: a flow's settings are the same strings on every run, and scanning a
 * string for its tokens costs more than reading the values they name. Use these instead of
 * `findTemplateTokens` and `parsePlainPath` on every resolution; what they answer is frozen
 * (shared by every caller).
 */
import { BoundedCache, findTemplateTokens, type TemplateToken } from '@piecework/shared';
import { parsePlainPath, type PlainPath } from './plain-path';

/** Texts (and expressions) remembered, the least recently used forgotten first. */
const ENTRIES_KEPT = 2048;
/** Longer texts are scanned again each time: remembering them could hold megabytes. */
const LONGEST_KEPT = 1024;

const tokensByText = new BoundedCache<string, readonly TemplateToken[]>(ENTRIES_KEPT);
const pathsByExpression = new BoundedCache<string, PlainPath | null>(ENTRIES_KEPT);

/** The template tokens of `text`, as `findTemplateTokens` finds them. */
export function templateTokensOf(text: string): readonly TemplateToken[] {
  const known = tokensByText.get(text);
  if (known !== undefined) return known;
  const tokens = findTemplateTokens(text);
  for (const token of tokens) Object.freeze(token);
  Object.freeze(tokens);
  if (text.length <= LONGEST_KEPT) tokensByText.set(text, tokens);
  return tokens;
}

/** `parsePlainPath(expression)`: the path an expression reads, or null when it is not a plain path. */
export function plainPathOf(expression: string): PlainPath | null {
  const known = pathsByExpression.get(expression);
  if (known !== undefined) return known;
  const path = parsePlainPath(expression);
  if (path !== null) {
    Object.freeze(path);
    Object.freeze(path.segments);
  }
  if (expression.length <= LONGEST_KEPT) pathsByExpression.set(expression, path);
  return path;
}
