/**
 * The builder's step shortcuts: Ctrl/Cmd+C copies the selected steps, Ctrl/Cmd+X cuts them,
 * Ctrl/Cmd+V pastes, Ctrl/Cmd+D duplicates. They stay out of the way of text (see
 * `useBuilderKeydown`), and copy and cut also while text is selected on the page.
 */
import { useBuilderKeydown } from '../keyboard/use-builder-keydown';
import type { StepClipboard } from './use-step-clipboard';

function hasTextSelection(): boolean {
  const selection = window.getSelection();
  return selection !== null && !selection.isCollapsed && selection.toString().trim() !== '';
}

/** The clipboard action of a key press, if it is one of the step shortcuts. */
function actionOf(event: KeyboardEvent, clipboard: StepClipboard): (() => Promise<void>) | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.repeat) return undefined;
  switch (event.key.toLowerCase()) {
    case 'c':
      return hasTextSelection() ? undefined : () => clipboard.copy();
    case 'x':
      return hasTextSelection() ? undefined : () => clipboard.cut();
    case 'v':
      return () => clipboard.paste();
    case 'd':
      return () => clipboard.duplicate();
    default:
      return undefined;
  }
}

/** Listens for the step shortcuts while `enabled` (not on a read-only version). */
export function useClipboardShortcuts(clipboard: StepClipboard, enabled: boolean): void {
  useBuilderKeydown((event) => {
    const action = actionOf(event, clipboard);
    if (action === undefined) return false;
    void action();
    return true;
  }, enabled);
}
