/**
 * How a cell's value is stored: as text (what `eq`, `neq` and `co` compare), and read once at
 * write time as a number and as an instant (what `gt|gte|lt|lte` compare on NUMBER and DATE
 * fields). Filter values are read with the same functions, so a filter and a cell agree.
 */

/**
 * The text a written value is stored as: strings as given, numbers and booleans by `String(v)`,
 * objects and arrays as JSON; `null` and `undefined` clear the cell (null).
 */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as number | boolean | bigint);
}

const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** The text read as a decimal number (`12`, `-3.5`, `1e3`), or null (empty, `0x10`, `Infinity`, words). */
export function numberOf(text: string | null): number | null {
  if (text === null || !DECIMAL.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const ISO_DATE =
  /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?\s*$/;

/**
 * The text read as an instant in epoch milliseconds, or null when it is not an ISO-8601 date or
 * date-time. `2026-01-02` is midnight UTC; a time without an offset is UTC; `+02:00`, `+0200`,
 * `+02` and `Z` offsets are applied, so `2026-01-02T05:04:05+02:00` and `2026-01-02T03:04:05Z`
 * are the same instant. Impossible dates (`2026-02-30`, hour 25) are null.
 */
export function instantOf(text: string | null): number | null {
  if (text === null) return null;
  const match = ISO_DATE.exec(text);
  if (match === null) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const millis = Number(`0.${fraction || '0'}`) * 1000;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.getTime() + millis - offsetMinutes(offset) * 60_000;
}

function offsetMinutes(offset: string | undefined): number {
  if (offset === undefined || offset === 'Z' || offset === 'z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  return sign * (hours * 60 + minutes);
}

/** A cell's stored columns from its written value. */
export interface StoredCellValue {
  readonly value: string | null;
  readonly number: number | null;
  readonly instant: number | null;
}

/** The stored columns of a written value (see {@link cellText}, {@link numberOf}, {@link instantOf}). */
export function storedCellValue(value: unknown): StoredCellValue {
  const text = cellText(value);
  return { value: text, number: numberOf(text), instant: instantOf(text) };
}
