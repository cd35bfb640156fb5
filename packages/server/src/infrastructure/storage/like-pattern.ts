/** Substring search with SQL LIKE: the user's text matched literally (`%`, `_` and `\\` escaped). */

/**
 * The LIKE pattern `%<text>%` with `text`'s wildcards escaped; use it with `escape '\\'`, e.g.
 * ``sql`lower(${col}) like lower(${containsPattern(text)}) escape '\\'` ``.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
