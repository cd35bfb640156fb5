/**
 * The range of UTC days an Impact request asks for, checked: real calendar days, `from` not
 * after `to`, at most `IMPACT_MAX_DAYS` days. A bad range is a 400 VALIDATION error naming the
 * problem in `params.reason`.
 */
import { IMPACT_MAX_DAYS, type ImpactQuery } from '@piecework/shared';
import { invalidRequest } from '../../infrastructure/errors';
import type { DayRange } from './impact-repository';

const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of UTC day `day`, or NaN when it is no calendar day (`2026-02-30`). */
function dayStartMs(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === day ? ms : Number.NaN;
}

/** The days of `query`, checked (see the module comment), each as `YYYY-MM-DD`, in order. */
export function daysOfRange(query: ImpactQuery): { range: DayRange; days: string[] } {
  const from = dayStartMs(query.from);
  const to = dayStartMs(query.to);
  if (Number.isNaN(from))
    throw invalidRequest(`${query.from} is not a calendar day`, { reason: 'INVALID_DAY', from: query.from });
  if (Number.isNaN(to))
    throw invalidRequest(`${query.to} is not a calendar day`, { reason: 'INVALID_DAY', to: query.to });
  if (from > to) {
    throw invalidRequest('The range starts after it ends', {
      reason: 'FROM_AFTER_TO',
      from: query.from,
      to: query.to,
    });
  }
  const count = (to - from) / DAY_MS + 1;
  if (count > IMPACT_MAX_DAYS) {
    throw invalidRequest(`The range may span at most ${IMPACT_MAX_DAYS} days`, {
      reason: 'RANGE_TOO_LONG',
      maxDays: IMPACT_MAX_DAYS,
      days: count,
    });
  }
  const days = Array.from({ length: count }, (_, index) =>
    new Date(from + index * DAY_MS).toISOString().slice(0, 10),
  );
  return { range: { from: query.from, to: query.to }, days };
}
