import { REDACTED } from '../expressions';
import { truncateLoggedInput } from '../run/logged-input';
import { jsonEqual, jsonValue } from './json-value';

/**
 * True when a piece step called with `actual` is the call that was recorded with `recorded`.
 * A recorded input is the run log's form of the input, so `actual` is first put in that form
 * (top-level values over `truncateThresholdBytes` read `(truncated, original size N KB)`), then
 * both are compared as JSON, where the log hid a value:
 * - a recorded `**REDACTED**` (a connection was read there) matches any value, and a recorded
 *   text holding it matches any text that has the same text around it;
 * - a truncated value matches a value truncated to the same size (its content is unknown).
 * A recording without an input (a test case written by hand) matches any input.
 */
export function matchesRecordedInput(
  recorded: unknown,
  actual: unknown,
  truncateThresholdBytes: number,
): boolean {
  if (recorded === undefined) return true;
  const logged = jsonValue(truncateLoggedInput(jsonValue(actual), truncateThresholdBytes));
  return matches(jsonValue(recorded), logged);
}

function matches(recorded: unknown, actual: unknown): boolean {
  if (typeof recorded === 'string' && recorded.includes(REDACTED))
    return matchesRedactedText(recorded, actual);
  if (typeof recorded !== 'object' || recorded === null || typeof actual !== 'object' || actual === null) {
    return jsonEqual(recorded, actual);
  }
  if (Array.isArray(recorded) !== Array.isArray(actual)) return false;
  if (Array.isArray(recorded)) {
    const items = actual as unknown[];
    return recorded.length === items.length && recorded.every((item, i) => matches(item, items[i]));
  }
  const left = recorded as Record<string, unknown>;
  const right = actual as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && matches(left[key], right[key]));
}

function matchesRedactedText(recorded: string, actual: unknown): boolean {
  if (recorded === REDACTED) return true;
  if (typeof actual !== 'string') return false;
  const pattern = recorded.split(REDACTED).map(escapeRegExp).join('[\\s\\S]*');
  return new RegExp(`^${pattern}$`).test(actual);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
