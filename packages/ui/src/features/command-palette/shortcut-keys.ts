/**
 * Key names for shortcut hints: the Command key (⌘) on Apple systems, Ctrl elsewhere, the way
 * the builder's shortcuts read either modifier.
 */

/** Whether the browser runs on macOS or iOS. */
function onApple(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/** The hint of a shortcut with the platform's modifier, e.g. `modKeys('Shift', 'Z')`. */
export function modKeys(...keys: string[]): string[] {
  return [onApple() ? '⌘' : 'Ctrl', ...keys];
}
