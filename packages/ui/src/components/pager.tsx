/**
 * "Previous" and "Next" under a cursor-paged table; hidden when the list has a single page. The
 * chevrons are lucide-react icons, hidden from screen readers: the buttons are named by their text.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';

/** Props of {@link Pager}. */
export interface PagerProps {
  /** The page shown (its cursors; null at either end). */
  page: { next: string | null; previous: string | null };
  /** Shows the page of a cursor. */
  onGo: (cursor: string) => void;
  /** What is paged, for screen readers, e.g. "Audit events". */
  label: string;
}

/** The buttons to the previous and next pages of a list. */
export function Pager({ page, onGo, label }: PagerProps) {
  const { next, previous } = page;
  if (next === null && previous === null) return null;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button
        type="button"
        className="btn small"
        disabled={previous === null}
        onClick={() => previous !== null && onGo(previous)}
      >
        <ChevronLeft aria-hidden="true" className="icon" />
        Previous
      </button>
      <button
        type="button"
        className="btn small"
        disabled={next === null}
        onClick={() => next !== null && onGo(next)}
      >
        Next
        <ChevronRight aria-hidden="true" className="icon" />
      </button>
    </nav>
  );
}
