/**
 * Previous / next buttons over a cursor-paged list (`{data, next, previous}` answers): each moves
 * to the page its cursor names; a null cursor disables its button. Use under a paged table.
 */

/** Props of {@link CursorPager}. */
export interface CursorPagerProps {
  previous: string | null | undefined;
  next: string | null | undefined;
  /** Called with the cursor of the page to show; undefined is the first page. */
  onPage: (cursor: string | undefined) => void;
  /** What the list holds, for the buttons' names, e.g. "runs". */
  noun: string;
}

/** The pager of a cursor-paged list. */
export function CursorPager({ previous, next, onPage, noun }: CursorPagerProps) {
  if (!previous && !next) return null;
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <button
        type="button"
        className="btn small"
        disabled={!previous}
        onClick={() => onPage(previous ?? undefined)}
      >
        ‹ Previous
      </button>
      <button type="button" className="btn small" disabled={!next} onClick={() => onPage(next ?? undefined)}>
        Next ›
      </button>
    </nav>
  );
}
