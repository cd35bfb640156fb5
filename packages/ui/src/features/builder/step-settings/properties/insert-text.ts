/**
 * Inserting text (a `{{ }}` reference picked in the data selector) into a field's value at its
 * caret: the selected text, if any, is replaced and the caret goes after what was inserted.
 */

/**
 * `current` with `text` put between `start` and `end` (a selection, or the caret when they are
 * equal), and the caret after the inserted text.
 */
export function insertText(
  current: string,
  text: string,
  start: number,
  end: number,
): { value: string; caret: number } {
  return { value: current.slice(0, start) + text + current.slice(end), caret: start + text.length };
}
