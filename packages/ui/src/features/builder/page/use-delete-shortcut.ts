/**
 * Delete or Backspace on the selected step asks whether to delete it. The keys keep their text
 * meaning inside an input, a text area, an editable element or a CodeMirror editor, nothing
 * happens while a dialog is open, and the trigger is never offered for deletion.
 */
import { useBuilderKeydown } from '../keyboard/use-builder-keydown';

/** What {@link useDeleteShortcut} reads. */
export interface DeleteShortcutInput {
  /** The selected step's name, or null. */
  selected: string | null;
  /** The trigger's name (never deleted). */
  triggerName: string;
  /** Asks whether to delete step `name`. */
  askDelete: (name: string) => void;
}

/** Listens for Delete and Backspace while `enabled` (not on a read-only version). */
export function useDeleteShortcut(input: DeleteShortcutInput, enabled: boolean): void {
  useBuilderKeydown((event) => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return false;
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return false;
    const { selected, triggerName, askDelete } = input;
    if (selected === null || selected === triggerName) return false;
    askDelete(selected);
    return true;
  }, enabled);
}
