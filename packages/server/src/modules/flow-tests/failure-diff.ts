/** The readable difference between what a flow test expected and what the run produced. */
import { diffLines } from 'diff';

/** A value pretty-printed as JSON (two-space indents); `undefined` for a value that is absent. */
export function prettyJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, null, 2) ?? 'undefined';
}

/**
 * A line diff of `expected` and `actual` pretty-printed as JSON: each line starts with `-` (only
 * expected), `+` (only actual) or two spaces (both). Use it as a failed expectation's `diff`.
 *
 * @example
 * ```ts
 * failureDiff({ total: 3 }, { total: 4 });
 * // "  {\n-   \"total\": 3\n+   \"total\": 4\n  }"
 * ```
 */
export function failureDiff(expected: unknown, actual: unknown): string {
  const lines: string[] = [];
  for (const part of diffLines(prettyJson(expected), prettyJson(actual))) {
    const marker = part.added ? '+ ' : part.removed ? '- ' : '  ';
    for (const line of part.value.replace(/\n$/, '').split('\n')) lines.push(marker + line);
  }
  return lines.join('\n');
}
