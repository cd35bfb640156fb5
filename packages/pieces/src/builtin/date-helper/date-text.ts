import { correctedFormat } from './date-formats';
import { daysInMonth, fromWallClock, offsetAt, toWallClock } from './wall-clock';
import type { WallClock } from './wall-clock';

/** English month names, January first (format tokens MMMM/MMM, month-name outputs). */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const TOKENS = /\[([^\]]*)]|YYYY|YY|MMMM|MMM|MM|M|dddd|ddd|DD|D|HH|H|hh|h|mm|m|ss|s|SSS|A|a|X|x|ZZ|Z/g;

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0');

function offsetText(offsetMs: number, separator: string): string {
  const minutes = Math.round(offsetMs / 60_000);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${separator}${pad(Math.abs(minutes) % 60)}`;
}

/** Formats the instant `ms` in `timeZone` with dayjs-style tokens (`[...]` is literal text). */
export function formatDate(ms: number, format: string, timeZone: string): string {
  const clock = toWallClock(ms, timeZone);
  const weekday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();
  const hour12 = clock.hour % 12 === 0 ? 12 : clock.hour % 12;
  const values: Record<string, () => string> = {
    YYYY: () => pad(clock.year, 4),
    YY: () => pad(clock.year % 100),
    MMMM: () => MONTHS[clock.month - 1] ?? '',
    MMM: () => (MONTHS[clock.month - 1] ?? '').slice(0, 3),
    MM: () => pad(clock.month),
    M: () => String(clock.month),
    dddd: () => DAYS[weekday] ?? '',
    ddd: () => (DAYS[weekday] ?? '').slice(0, 3),
    DD: () => pad(clock.day),
    D: () => String(clock.day),
    HH: () => pad(clock.hour),
    H: () => String(clock.hour),
    hh: () => pad(hour12),
    h: () => String(hour12),
    mm: () => pad(clock.minute),
    m: () => String(clock.minute),
    ss: () => pad(clock.second),
    s: () => String(clock.second),
    SSS: () => pad(clock.millisecond, 3),
    A: () => (clock.hour < 12 ? 'AM' : 'PM'),
    a: () => (clock.hour < 12 ? 'am' : 'pm'),
    X: () => String(Math.floor(ms / 1000)),
    x: () => String(ms),
    Z: () => offsetText(offsetAt(ms, timeZone), ':'),
    ZZ: () => offsetText(offsetAt(ms, timeZone), ''),
  };
  return correctedFormat(format).replace(
    TOKENS,
    (token, literal?: string) => literal ?? values[token]?.() ?? token,
  );
}

const PATTERNS: Record<string, string> = {
  YYYY: '(\\d{4})',
  YY: '(\\d{2})',
  MMMM: '([A-Za-z]+)',
  MMM: '([A-Za-z]{3,})',
  MM: '(\\d{1,2})',
  M: '(\\d{1,2})',
  dddd: '(?:[A-Za-z]+)',
  ddd: '(?:[A-Za-z]+)',
  DD: '(\\d{1,2})',
  D: '(\\d{1,2})',
  HH: '(\\d{1,2})',
  H: '(\\d{1,2})',
  hh: '(\\d{1,2})',
  h: '(\\d{1,2})',
  mm: '(\\d{1,2})',
  m: '(\\d{1,2})',
  ss: '(\\d{1,2})',
  s: '(\\d{1,2})',
  SSS: '(\\d{1,3})',
  A: '(AM|PM|am|pm)',
  a: '(AM|PM|am|pm)',
  X: '(-?\\d+(?:\\.\\d+)?)',
  x: '(-?\\d+)',
  Z: '(Z|[+-]\\d{2}:?\\d{2})',
  ZZ: '(Z|[+-]\\d{2}:?\\d{2})',
};
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function monthOf(name: string): number {
  const index = MONTHS.findIndex((month) => month.toLowerCase().startsWith(name.toLowerCase().slice(0, 3)));
  if (index < 0) throw new Error(`Unknown month name: ${name}`);
  return index + 1;
}

const offsetMs = (text: string) => {
  if (text.toUpperCase() === 'Z') return 0;
  const [, sign, hours, minutes] = /([+-])(\d{2}):?(\d{2})/.exec(text) ?? [];
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
};

/** The instant of a wall clock, checked; `offset` (ms) overrides the time zone. */
function instantOf(clock: WallClock, timeZone: string, offset: number | undefined, failure: string): number {
  const valid =
    clock.month >= 1 &&
    clock.month <= 12 &&
    clock.day >= 1 &&
    clock.day <= daysInMonth(clock.year, clock.month) &&
    clock.hour <= 23 &&
    clock.minute <= 59 &&
    clock.second <= 59;
  if (!valid) throw new Error(failure);
  if (offset === undefined) return fromWallClock(clock, timeZone);
  return (
    Date.UTC(
      clock.year,
      clock.month - 1,
      clock.day,
      clock.hour,
      clock.minute,
      clock.second,
      clock.millisecond,
    ) - offset
  );
}

/**
 * Parses `text` written in `format` (dayjs-style tokens) as a wall clock of `timeZone`; text
 * after the matched part is ignored, missing fields default to the start of the current year
 * (`nowMs`) and day. When the text does not match the format, ISO 8601 is accepted too
 * (an offset in it wins over `timeZone`). Throws when neither reads a valid date.
 */
export function parseDate(text: string, format: string, timeZone: string, nowMs: number): number {
  const corrected = correctedFormat(format);
  const failure = `Failed to parse the date: ${text} with format: ${corrected}`;
  const order: string[] = [];
  let source = '^\\s*';
  let last = 0;
  for (const match of corrected.matchAll(TOKENS)) {
    source +=
      escape(corrected.slice(last, match.index)) +
      (match[1] !== undefined ? escape(match[1]) : (PATTERNS[match[0]] ?? ''));
    if (
      match[1] === undefined &&
      PATTERNS[match[0]]?.startsWith('(') &&
      !PATTERNS[match[0]]?.startsWith('(?:')
    )
      order.push(match[0]);
    last = match.index + match[0].length;
  }
  const found = new RegExp(source + escape(corrected.slice(last)), 'i').exec(text);
  if (!found) return parseIso(text, timeZone, failure);
  const value = (tokens: string[]) => {
    const index = order.findIndex((token) => tokens.includes(token));
    return index < 0 ? undefined : found[index + 1];
  };
  const unix = value(['X']) ?? value(['x']);
  if (unix !== undefined) return value(['X']) !== undefined ? Math.round(Number(unix) * 1000) : Number(unix);
  const clock: WallClock = {
    ...toWallClock(nowMs, timeZone),
    month: 1,
    day: 1,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
  };
  const year = value(['YYYY']) ?? value(['YY']);
  if (year !== undefined) clock.year = year.length === 2 ? 2000 + Number(year) : Number(year);
  const month = value(['MM', 'M']) ?? value(['MMMM', 'MMM']);
  if (month !== undefined) clock.month = /^\d+$/.test(month) ? Number(month) : monthOf(month);
  clock.day = Number(value(['DD', 'D']) ?? 1);
  clock.hour = Number(value(['HH', 'H']) ?? value(['hh', 'h']) ?? 0);
  const meridiem = value(['A', 'a'])?.toLowerCase();
  if (meridiem) clock.hour = (clock.hour % 12) + (meridiem === 'pm' ? 12 : 0);
  clock.minute = Number(value(['mm', 'm']) ?? 0);
  clock.second = Number(value(['ss', 's']) ?? 0);
  clock.millisecond = Number((value(['SSS']) ?? '0').padEnd(3, '0'));
  const zone = value(['Z', 'ZZ']);
  return instantOf(clock, timeZone, zone === undefined ? undefined : offsetMs(zone), failure);
}

function parseIso(text: string, timeZone: string, failure: string): number {
  const iso = ISO.exec(text.trim());
  if (!iso) throw new Error(failure);
  const [, year, month, day, hour, minute, second, millisecond, zone] = iso;
  const clock: WallClock = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Number(second ?? 0),
    millisecond: Number((millisecond ?? '0').padEnd(3, '0')),
  };
  return instantOf(clock, timeZone, zone === undefined ? undefined : offsetMs(zone), failure);
}
