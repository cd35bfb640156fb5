import { templateText } from '../expressions/template-text';

/**
 * How router conditions read their resolved operands. Every function takes any value (operands
 * are resolved `{{ }}` templates, so plain JSON data in practice) and never throws.
 */

/**
 * The text a TEXT_* or LIST_* condition compares: strings as they are, `undefined` and `null` as
 * `''` (the way a missing value prints in a template), numbers, booleans and bigints through
 * `String()`, objects and arrays as compact JSON. Anything JSON cannot print (a function, a
 * cyclic object) reads as `''`. The same reading as a value interpolated in a template.
 *
 * @example
 * ```ts
 * conditionText({ a: 1 }); // '{"a":1}'
 * conditionText(null); // ''
 * ```
 */
export function conditionText(value: unknown): string {
  return templateText(value);
}

/**
 * The number a NUMBER_* condition compares: `Number(value)`, so `''`, `' '`, `null`, `false` and
 * `[]` are 0 and `'0x10'` is 16. `NaN` when the value is not numeric (or cannot be converted at
 * all, such as a null-prototype object); a `NaN` side makes every NUMBER_* operator false.
 */
export function conditionNumber(value: unknown): number {
  if (typeof value === 'symbol') {
    return Number.NaN;
  }
  try {
    return Number(value);
  } catch {
    return Number.NaN;
  }
}

/**
 * The instant a DATE_* condition compares, in epoch milliseconds, or `undefined` when the value
 * is not a valid date. Strings are parsed by `Date` (ISO 8601 — a date-only `2024-01-31` is UTC
 * midnight, a date-time without offset is local time — and the formats `Date.parse` accepts; a
 * numeric string such as `'1700000000000'` is NOT an epoch), numbers are epoch milliseconds
 * (fractions truncated), `Date` objects give their time. Anything else (`''`, `null`, booleans,
 * objects) is not a date.
 */
export function conditionDate(value: unknown): number | undefined {
  let time: number;
  if (typeof value === 'string') {
    time = value.trim() === '' ? Number.NaN : Date.parse(value);
  } else if (typeof value === 'number') {
    time = new Date(value).getTime();
  } else if (value instanceof Date) {
    time = value.getTime();
  } else {
    return undefined;
  }
  return Number.isNaN(time) ? undefined : time;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The list LIST_IS_EMPTY / LIST_IS_NOT_EMPTY look at: an array, or a string holding a JSON array;
 * `undefined` for anything else (so a non-list is neither empty nor non-empty).
 */
export function conditionListOrUndefined(value: unknown): readonly unknown[] | undefined {
  if (Array.isArray(value)) {
    return value;
  }
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    return parsed.ok && Array.isArray(parsed.value) ? parsed.value : undefined;
  }
  return undefined;
}

/**
 * The list LIST_CONTAINS / LIST_DOES_NOT_CONTAIN search: an array as is; a string holding JSON
 * is parsed (a JSON array is the list, any other JSON value a one-item list); any other value,
 * including a string that is not JSON, is a one-item list of itself.
 *
 * @example
 * ```ts
 * conditionListCoerced('["a","b"]'); // ['a', 'b']
 * conditionListCoerced('a'); // ['a']
 * conditionListCoerced('5'); // [5]
 * ```
 */
export function conditionListCoerced(value: unknown): readonly unknown[] {
  if (Array.isArray(value)) {
    return value;
  }
  if (typeof value === 'string') {
    const parsed = parseJson(value);
    if (!parsed.ok) {
      return [value];
    }
    return Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  }
  return [value];
}
