/**
 * The app's colour theme, light or dark, as `data-theme` on `<html>` (the stylesheets' tokens
 * follow it, see styles/app.css). It follows the OS's preference and its changes, unless an
 * embedding host fixed it (`styling.mode` of the embed SDK). Set before the first render so
 * that a dark page never flashes light.
 */

/** A colour theme of the app. */
export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

let fixed: Theme | undefined;
let following: MediaQueryList | undefined;

function apply(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
}

function followSystem(event: { matches: boolean }): void {
  if (fixed === undefined) apply(event.matches ? 'dark' : 'light');
}

/** Starts the theme: the OS's preference now and whenever it changes. Call once at start. */
export function startTheme(): void {
  if (following !== undefined) return;
  following = window.matchMedia(DARK_QUERY);
  following.addEventListener('change', followSystem);
  followSystem(following);
}

/** Fixes the theme to `theme` whatever the OS prefers (an embedding host's choice). */
export function fixTheme(theme: Theme): void {
  fixed = theme;
  apply(theme);
}

/** The theme shown now. */
export function currentTheme(): Theme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}
