/**
 * Ctrl+K (Cmd+K on a Mac) opens and closes the command palette from anywhere in the signed-in
 * app, text fields included. It does not open over another modal dialog (a native `<dialog>`
 * would also keep the palette under it in the top layer).
 */
import { useEffect } from 'react';

/** Other open modals: a native `<dialog>`, a Radix dialog or alert dialog but the palette. */
const OTHER_DIALOG =
  'dialog[open], [role="dialog"][data-state="open"]:not(.command-palette), [role="alertdialog"][data-state="open"]';

/** Calls `toggle` on Ctrl/Cmd+K. */
export function usePaletteShortcut(toggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 'k' || document.querySelector(OTHER_DIALOG) !== null) return;
      event.preventDefault();
      if (!event.repeat) toggle();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}
