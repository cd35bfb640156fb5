/**
 * Timestamps as stored: ISO-8601 UTC with six fractional digits (`2026-01-02T03:04:05.678901Z`),
 * the form the server clock answers. One form everywhere, because columns are compared as text.
 */

/** The stored form of instant `ms` (milliseconds since the epoch); `micros` fills the last three digits. */
export function timestampOf(ms: number | Date, micros: 0 | 999 = 0): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, -1)}${micros === 0 ? '000' : '999'}Z`;
}
