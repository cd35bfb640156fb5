import type { PiecePropertyDefinition } from '../framework/piece-definition';
import { toUtcIso } from './date-time';
import { isNil, isRecord } from './property-kinds';

/**
 * Activepieces' processors of simple property types: each takes the (defaulted)
 * input value and returns the value the piece receives. None of them fails; a value of the
 * wrong type is left for validation to report.
 */

/** SHORT_TEXT, LONG_TEXT, SECRET_TEXT: objects become JSON, `''` is undefined when optional. */
export function processText(property: PiecePropertyDefinition, value: unknown): unknown {
  if (isNil(value)) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length === 0 && !property.required ? undefined : text;
}

/** NUMBER: `Number(value)`; `''` is undefined (so `'abc'` becomes NaN and fails validation). */
export function processNumber(value: unknown): unknown {
  if (isNil(value)) return value;
  if (value === '') return undefined;
  return Number(value);
}

/** CHECKBOX: `'true'` / `'false'` (any case) become booleans; anything else is left as is. */
export function processCheckbox(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  return value;
}

/** JSON: a string is parsed; text that is not JSON (XML, plain text) passes as it is. */
export function processJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** OBJECT: a string is parsed; anything that is not then a (non-array) object is undefined. */
export function processObject(value: unknown): unknown {
  if (isNil(value)) return value;
  const parsed = typeof value === 'string' ? parseOrUndefined(value) : value;
  return isRecord(parsed) ? parsed : undefined;
}

/** DATE_TIME: an ISO string in UTC; missing or unreadable values are undefined. */
export function processDateTime(value: unknown): unknown {
  return toUtcIso(value);
}

/** STATIC_MULTI_SELECT_DROPDOWN, MULTI_SELECT_DROPDOWN: coerced to an array (a JSON array string is parsed). */
export function processMultiSelect(value: unknown): unknown {
  if (isNil(value) || Array.isArray(value)) return value;
  if (typeof value === 'string' && value.trim().length === 0) return undefined;
  const parsed = typeof value === 'string' ? parseOrUndefined(value) : value;
  return Array.isArray(parsed) ? parsed : [value];
}

/** DYNAMIC given as text: `''` is undefined when optional, a JSON object string is parsed. */
export function processDynamicText(property: PiecePropertyDefinition, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.length === 0 && !property.required) return undefined;
  const parsed = parseOrUndefined(value);
  return isRecord(parsed) ? parsed : value;
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
