/**
 * Delete or Backspace on the selected step asks whether to delete it. The keys keep their text
 * meaning inside an input, a text area, an editable element or a CodeMirror editor, nothing
 * happens while a dialog is open, and the trigger is never offered for deletion.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isEditingText } from '../clipboard/editing-text';
import { isDialogOpen } from '../../../components/dialog';

/** What {@link useDeleteShortcut} reads. */
export interface DeleteShortcutInput {
  /** The selected step's name, or null. */
  selected: string | null;
  /** The trigger's name (never deleted). */
  triggerName: string;
  /** Asks whether to delete step `name`. */
  askDelete: (name: string) => void;
}

/** Listens for Delete and Backspace on the document while `enabled` (not on a read-only version). */
export function useDeleteShortcut(input: DeleteShortcutInput, enabled: boolean): void {
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' && event.key !== 'Backspace') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isEditingText(event.target) || isDialogOpen()) return;
      const { selected, triggerName, askDelete } = latest.current;
      if (selected === null || selected === triggerName) return;
      event.preventDefault();
      askDelete(selected);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
