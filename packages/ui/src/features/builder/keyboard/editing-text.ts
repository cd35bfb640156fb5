/**
 * Whether a keyboard event belongs to text editing: its target is an input, a text area, a select,
 * an editable element (contenteditable) or inside a CodeMirror editor. Use it to keep the
 * builder's shortcuts away from text fields (see `use-builder-keydown.ts`).
 */
export function isEditingText(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return (
    target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], .cm-editor') !==
    null
  );
}
