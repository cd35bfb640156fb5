/** A replacement of `text.slice(start, end)` by `text` (an insertion when `start === end`). */
export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Applies non-overlapping edits to `source` (in any order; offsets refer to the original text)
 * and keeps every other character as it was. Use it to rewrite an expression in place.
 */
export function applyEdits(source: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) {
    return source;
  }
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let result = '';
  let position = 0;
  for (const edit of sorted) {
    if (edit.start < position) {
      throw new Error(`overlapping edits at offset ${edit.start}`);
    }
    result += source.slice(position, edit.start) + edit.text;
    position = edit.end;
  }
  return result + source.slice(position);
}
