/** A date as people read it (in the reader's locale), with the exact instant for machines. */
import { formatDateTime } from '../format/format-time';

/** `iso` in the reader's locale, in a `<time>` element; "—" when there is none. */
export function DateText({ iso }: { iso: string | null | undefined }) {
  if (iso === null || iso === undefined) return <span className="muted">—</span>;
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
