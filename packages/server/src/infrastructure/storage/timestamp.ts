/**
 * Timestamps as stored: ISO-8601 UTC with six fractional digits (`2026-01-02T03:04:05.678901Z`),
 * the form the server clock answers. One form everywhere, because columns are compared as text.
 */

/** The last instant {@link timestampOf} formatted, and its form: runs stamp many rows per millisecond. */
let lastMs = Number.NaN;
let lastForm = '';

/** The stored form of instant `ms` (milliseconds since the epoch); `micros` fills the last three digits. */
export function timestampOf(ms: number | Date, micros: 0 | 999 = 0): string {
  const at = typeof ms === 'number' ? ms : ms.getTime();
  if (at !== lastMs) {
    lastForm = new Date(at).toISOString().slice(0, -1);
    lastMs = at;
  }
  return `${lastForm}${micros === 0 ? '000' : '999'}Z`;
}

/** The stored form of instant `micros` (microseconds since the epoch). */
export function timestampOfMicros(micros: number): string {
  const iso = new Date(Math.floor(micros / 1000)).toISOString();
  return `${iso.slice(0, -1)}${String(micros % 1000).padStart(3, '0')}Z`;
}

/** Microseconds since the epoch of a timestamp (stored form, or any form `Date.parse` reads). */
export function microsOf(timestamp: string): number {
  const stored = /^(.+\.\d{3})(\d{3})Z$/.exec(timestamp);
  if (stored === null) return Date.parse(timestamp) * 1000;
  return Date.parse(`${stored[1]!}Z`) * 1000 + Number(stored[2]);
}

/**
 * `now`, unless it is not after `previous` (another process's clock behind this one's): then one
 * microsecond after `previous`. Stamp with it a row whose `updated` must change on every write,
 * such as a flow version that clients send back in `If-Match`.
 */
export function timestampAfter(previous: string, now: string): string {
  const last = microsOf(previous);
  if (Number.isNaN(last) || microsOf(now) > last) return now;
  return timestampOfMicros(last + 1);
}
