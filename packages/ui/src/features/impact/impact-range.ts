/**
 * The ranges of days the Impact pages offer: the last 7, 30 or 90 UTC days, today included, as
 * the `from`/`to` query of the Impact endpoints.
 */
import type { ImpactQuery } from '@piecework/shared';

/** The lengths, in days, a user can pick. */
export const IMPACT_RANGE_OPTIONS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
] as const;

const DAY_MS = 86_400_000;

/** The query of the last `days` UTC days ending today (at `now`). */
export function lastDays(days: number, now: number = Date.now()): ImpactQuery {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(now - (days - 1) * DAY_MS), to: day(now) };
}
