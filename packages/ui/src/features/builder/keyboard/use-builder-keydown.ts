/**
 * The one document-wide key listener behind the builder's shortcuts (copy and paste, undo and
 * redo, delete): it calls the latest handler, and stays out of the way of text and dialogs — a
 * key pressed in an input, a text area, an editable element or a CodeMirror editor, or while a
 * modal dialog is open, reaches no handler.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { isDialogOpen } from '../../../components/dialog';
import { isEditingText } from './editing-text';

/**
 * Handles one key press of a builder shortcut; answers true when it acted (the browser's own
 * meaning of the key is then prevented).
 */
export type BuilderKeyHandler = (event: KeyboardEvent) => boolean;

/** Listens on the document with the latest `handler` while `enabled` (not on a read-only version). */
export function useBuilderKeydown(handler: BuilderKeyHandler, enabled: boolean): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditingText(event.target) || isDialogOpen()) return;
      if (latest.current(event)) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
