/**
 * Key names for shortcut hints: the Command key (⌘) on Apple systems, Ctrl elsewhere, the way
 * the builder's shortcuts read either modifier. Used by the command palette's hints and the
 * builder's buttons.
 */

/** Whether the browser runs on macOS or iOS. */
function onApple(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/** The hint of a shortcut with the platform's modifier, e.g. `modKeys('Shift', 'Z')`. */
export function modKeys(...keys: string[]): string[] {
  return [onApple() ? '⌘' : 'Ctrl', ...keys];
}

/** A shortcut as one line of text for a tooltip, e.g. "Ctrl+Shift+Z" or "⌘⇧Z" on Apple systems. */
export function shortcutText(...keys: string[]): string {
  const [mod, ...rest] = modKeys(...keys);
  if (mod === '⌘') return [mod, ...rest.map((key) => (key === 'Shift' ? '⇧' : key))].join('');
  return [mod, ...rest].join('+');
}
