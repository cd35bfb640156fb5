/**
 * The builder's undo shortcuts: Ctrl/Cmd+Z undoes the last edit, Ctrl/Cmd+Shift+Z and Ctrl+Y
 * redo it. Inside a text field the keys keep their text meaning (the field's own undo), and
 * nothing happens while a dialog is open (see `useBuilderKeydown`).
 */
import { useBuilderKeydown } from '../keyboard/use-builder-keydown';

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

/** Listens for the undo shortcuts while `enabled` (not on a read-only version). */
export function useHistoryShortcuts(actions: HistoryActions, enabled: boolean): void {
  useBuilderKeydown((event) => {
    const action = historyActionOf(event);
    if (action === undefined) return false;
    if (!event.repeat) void actions[action]();
    return true;
  }, enabled);
}
