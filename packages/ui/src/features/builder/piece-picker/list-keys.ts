/**
 * Arrow-key movement between the buttons of a list (the piece picker's columns): Up and Down
 * move focus to the previous or next enabled button, Home and End to the first and last.
 */
import type { KeyboardEvent } from 'react';

/** The enabled buttons inside `container`. */
export function buttonsIn(container: Element | null): HTMLButtonElement[] {
  return [...(container?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
}

/** Handles Up / Down / Home / End inside a list of buttons; answers whether it moved focus. */
export function moveFocusInList(event: KeyboardEvent<HTMLElement>): boolean {
  const buttons = buttonsIn(event.currentTarget);
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const target =
    event.key === 'ArrowDown'
      ? buttons[Math.min(at + 1, buttons.length - 1)]
      : event.key === 'ArrowUp'
        ? buttons[Math.max(at - 1, 0)]
        : event.key === 'Home'
          ? buttons[0]
          : event.key === 'End'
            ? buttons[buttons.length - 1]
            : undefined;
  if (target === undefined) return false;
  event.preventDefault();
  target.focus();
  return true;
}
