/**
 * Arrow keys in the data selector: Down and Up move focus between the search box and the
 * selector's buttons (steps, expand toggles and keys) in the order they are shown, so a search
 * result is reached from the search box without tabbing through everything.
 */
import type { KeyboardEvent } from 'react';

/** The controls arrow keys move between, in document order. */
const STOPS = '.ds-search, .ds-step-toggle, .ds-insert';

/** Moves focus to the next or previous stop on ArrowDown/ArrowUp; use as the panel's key handler. */
export function moveWithArrows(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target;
  if (!(target instanceof HTMLElement) || !target.matches(STOPS)) return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(STOPS)];
  const next = stops[stops.indexOf(target) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (next === undefined) return;
  event.preventDefault();
  next.focus();
}
