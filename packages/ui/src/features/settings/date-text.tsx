/** A date as people read it ("Nov 27, 2026, 12:05 PM"), with the exact instant for machines. */

const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** `iso` in the reader's locale, in a `<time>` element; "—" when there is none. */
export function DateText({ iso }: { iso: string | null | undefined }) {
  if (iso === null || iso === undefined) return <span className="muted">—</span>;
  return <time dateTime={iso}>{FORMAT.format(new Date(iso))}</time>;
}
