import { TIME_UNITS } from './date-formats';
import type { TimeUnit } from './date-formats';
import { addDays, addMonths, fromWallClock, toWallClock } from './wall-clock';

/** One term of an add/subtract expression: `+ 2 day`. */
export interface TimeTerm {
  amount: number;
  unit: TimeUnit;
}

const UNIT_MS: Partial<Record<TimeUnit, number>> = { hour: 3_600_000, minute: 60_000, second: 1_000 };

/**
 * Parses an expression such as `+ 1 year - 3 days + 2 hour` (spaces and line breaks ignored,
 * plural units accepted, `+` when no sign is given). Throws on anything else.
 */
export function parseTimeExpression(expression: string): TimeTerm[] {
  const compact = expression.replace(/\s+/g, '');
  const terms: TimeTerm[] = [];
  const pattern = /([+-]?)(\d+)([a-zA-Z]+)/y;
  while (pattern.lastIndex < compact.length) {
    const match = pattern.exec(compact);
    if (!match)
      throw new Error(
        `Cannot read the expression "${expression}" near "${compact.slice(pattern.lastIndex)}"`,
      );
    const unit = (match[3] ?? '').toLowerCase().replace(/s$/, '');
    if (!(TIME_UNITS as readonly string[]).includes(unit)) {
      throw new Error(`Unknown unit "${match[3]}" in the expression: use ${TIME_UNITS.join(', ')}`);
    }
    terms.push({ amount: (match[1] === '-' ? -1 : 1) * Number(match[2]), unit: unit as TimeUnit });
  }
  if (terms.length === 0) throw new Error('Input "expression" is empty');
  return terms;
}

/**
 * Applies the terms in order: years, months and days on the calendar of `timeZone` (the time of
 * day is kept; month ends are clamped), hours, minutes and seconds as elapsed time.
 */
export function applyTerms(ms: number, terms: TimeTerm[], timeZone: string): number {
  return terms.reduce((current, { amount, unit }) => {
    const elapsed = UNIT_MS[unit];
    if (elapsed !== undefined) return current + amount * elapsed;
    const clock = toWallClock(current, timeZone);
    const moved =
      unit === 'day' ? addDays(clock, amount) : addMonths(clock, unit === 'year' ? amount * 12 : amount);
    return fromWallClock(moved, timeZone);
  }, ms);
}
