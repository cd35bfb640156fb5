/**
 * How the app writes times: a date and time in the reader's locale, "3 minutes
 * ago" for recent changes, and durations as "850 ms", "4.2 s", "3 min 5 s" or "2 h 10 min".
 */

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** `iso` as a date and time in the reader's locale, e.g. "27 Nov 2026, 12:05:46"; "—" when absent. */
export function formatDateTime(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '—';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : dateTime.format(time);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago `iso` was, e.g. "3 minutes ago", "yesterday", "now" (under a minute). */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(0, 'second');
}

/** A duration in milliseconds, e.g. "850 ms", "4.2 s", "3 min 5 s", "2 h 10 min". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${String(Math.max(0, Math.round(ms)))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return hours > 0
    ? `${String(hours)} h ${String(minutes)} min`
    : `${String(minutes)} min ${String(seconds)} s`;
}

/**
 * How long a run took (finish minus start), or has been going on so far when it has not finished
 * (`now` minus start); undefined before it started.
 */
export function runDurationMs(
  run: { startTime?: string | null | undefined; finishTime?: string | null | undefined },
  now: number = Date.now(),
): number | undefined {
  if (run.startTime === null || run.startTime === undefined) return undefined;
  const end = run.finishTime === null || run.finishTime === undefined ? now : Date.parse(run.finishTime);
  return end - Date.parse(run.startTime);
}
