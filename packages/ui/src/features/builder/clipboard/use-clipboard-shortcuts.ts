/**
 * The builder's step shortcuts: Ctrl/Cmd+C copies the selected steps, Ctrl/Cmd+X cuts them,
 * Ctrl/Cmd+V pastes, Ctrl/Cmd+D duplicates. They stay out of the way of text: nothing happens
 * while focus is in an input, a text area, an editable element or a CodeMirror editor, while a
 * dialog is open, or (for copy and cut) while text is selected on the page.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isDialogOpen } from '../../../components/dialog';
import { isEditingText } from './editing-text';
import type { StepClipboard } from './use-step-clipboard';

function hasTextSelection(): boolean {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== '';
}

/** Listens for the step shortcuts on the document while `enabled` (not on a read-only version). */
export function useClipboardShortcuts(clipboard: StepClipboard, enabled: boolean): void {
  const latest = useRef(clipboard);
  useLayoutEffect(() => {
    latest.current = clipboard;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.repeat) return;
      if (isEditingText(event.target) || isDialogOpen()) return;
      const key = event.key.toLowerCase();
      const actions: Record<string, (() => Promise<void>) | undefined> = {
        c: hasTextSelection() ? undefined : () => latest.current.copy(),
        x: hasTextSelection() ? undefined : () => latest.current.cut(),
        v: () => latest.current.paste(),
        d: () => latest.current.duplicate(),
      };
      const action = actions[key];
      if (action === undefined) return;
      event.preventDefault();
      void action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
