/**
 * The page of a cursor-paged list the user is on (`{data, next, previous}` answers): the cursor
 * to ask with, and the moves to the next and previous pages. Use one per paged table; call
 * `reset()` when its filters change so the list starts again at its first page.
 */
import { useCallback, useState } from 'react';

/** What {@link useCursor} answers. */
export interface CursorState {
  /** The cursor of the page shown; undefined for the first page. */
  readonly cursor: string | undefined;
  /** Shows the page of `cursor` (a `next` or `previous` of the page shown). */
  go(cursor: string): void;
  /** Back to the first page. */
  reset(): void;
}

/** The current page's cursor of one paged list. */
export function useCursor(): CursorState {
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const go = useCallback((next: string) => setCursor(next), []);
  const reset = useCallback(() => setCursor(undefined), []);
  return { cursor, go, reset };
}
