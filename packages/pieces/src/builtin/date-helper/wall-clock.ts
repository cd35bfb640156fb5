/** A date and time as a clock on the wall of some time zone shows it (month 1 to 12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `timeZone` at the instant `ms` (milliseconds since the epoch). */
export function toWallClock(ms: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: ((ms % 1000) + 1000) % 1000,
  };
}

const asUtc = (clock: WallClock) =>
  Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second, clock.millisecond);

/** How far `timeZone` is ahead of UTC at the instant `ms`, in milliseconds. */
export function offsetAt(ms: number, timeZone: string): number {
  return asUtc(toWallClock(ms, timeZone)) - ms;
}

/**
 * The instant a wall clock of `timeZone` shows. A time skipped by a DST change resolves to the
 * instant after the gap; a repeated one to its first occurrence.
 */
export function fromWallClock(clock: WallClock, timeZone: string): number {
  const local = asUtc(clock);
  const before = offsetAt(local - 86_400_000, timeZone);
  const after = offsetAt(local + 86_400_000, timeZone);
  const matching = [local - before, local - after].filter((ms) => asUtc(toWallClock(ms, timeZone)) === local);
  return matching.length > 0 ? Math.min(...matching) : local - before;
}

/** The number of days in a month (month 1 to 12). */
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Adds calendar months to a wall clock; the day is clamped to the target month (Jan 31 + 1 → Feb 28/29). */
export function addMonths(clock: WallClock, months: number): WallClock {
  const total = clock.year * 12 + (clock.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return { ...clock, year, month, day: Math.min(clock.day, daysInMonth(year, month)) };
}

/** Adds calendar days to a wall clock (the time of day is kept). */
export function addDays(clock: WallClock, days: number): WallClock {
  const date = new Date(Date.UTC(clock.year, clock.month - 1, clock.day + days));
  return { ...clock, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
