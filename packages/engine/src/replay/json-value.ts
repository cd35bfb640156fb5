/**
 * A value as it would come back from JSON: `undefined` members dropped, dates as strings,
 * `undefined` itself kept (it has no JSON form). Use it before comparing values that crossed, or
 * will cross, a JSON boundary (stored runs, test case files). A value JSON cannot hold (a cycle,
 * a BigInt) comes back as its message, so that it compares unequal to any stored value.
 */
export function jsonValue(value: unknown): unknown {
  if (value === undefined) return undefined;
  try {
    const text = JSON.stringify(value);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch (error) {
    return `(not JSON: ${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * True when two JSON values are equal: same primitives, arrays of equal items in order, objects
 * with the same keys (in any order) holding equal values. Give it {@link jsonValue}s.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}
