/** How the Impact pages write their figures: durations, rates and minutes, in words people read. */

/** A duration in milliseconds as `850 ms`, `12.4 s` or `3.2 min`; an em dash when unknown. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** A rate between 0 and 1 as a percentage (`97.5%`); an em dash when unknown. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`;
}

/** Minutes as `45 min` or `12.5 h`. */
export function formatMinutes(minutes: number): string {
  return minutes < 60 ? `${Math.round(minutes)} min` : `${(minutes / 60).toFixed(1)} h`;
}
