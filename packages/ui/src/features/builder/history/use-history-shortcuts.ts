/**
 * The builder's undo shortcuts: Ctrl/Cmd+Z undoes the last edit, Ctrl/Cmd+Shift+Z and Ctrl+Y
 * redo it. Inside a text field, an editable element or a CodeMirror editor the keys keep their
 * text meaning (the field's own undo), and nothing happens while a dialog is open.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isDialogOpen } from '../../../components/dialog';
import { isEditingText } from '../clipboard/editing-text';

/** What the shortcuts call. */
export interface HistoryActions {
  undo(): Promise<void>;
  redo(): Promise<void>;
}

/** The history action a key press asks for, if any. */
export function historyActionOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): 'undo' | 'redo' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return undefined;
}

/** Listens for the undo shortcuts on the document while `enabled` (not on a read-only version). */
export function useHistoryShortcuts(actions: HistoryActions, enabled: boolean): void {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const action = historyActionOf(event);
      if (action === undefined || isEditingText(event.target) || isDialogOpen()) return;
      event.preventDefault();
      if (!event.repeat) void latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
