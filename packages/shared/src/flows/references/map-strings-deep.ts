function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function mapValue(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') {
    return fn(value);
  }
  if (Array.isArray(value)) {
    let changed = false;
    const mapped = value.map((item: unknown) => {
      const next = mapValue(item, fn);
      changed ||= next !== item;
      return next;
    });
    return changed ? mapped : value;
  }
  if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    let changed = false;
    const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
      const next = mapValue(item, fn);
      changed ||= next !== item;
      return [key, next];
    });
    if (!changed) {
      return value;
    }
    // fromEntries defines own properties, so a JSON key "__proto__" stays a plain key.
    const mapped: object = Object.fromEntries(entries);
    return Object.getPrototypeOf(value) === null ? Object.setPrototypeOf(mapped, null) : mapped;
  }
  return value;
}

/**
 * Returns `value` with every string mapped by `fn`: recursively through arrays and plain objects
 * (including null-prototype ones), keys untouched and in order, every non-string leaf (numbers,
 * booleans, `null`, class instances such as `Date`) kept as is. The input is never mutated;
 * unchanged subtrees (and the whole value, when nothing changed) are returned as the same
 * objects. Only own enumerable string keys are copied. Meant for JSON-like trees: a cyclic value
 * overflows the stack.
 *
 * Use it to apply a string rewrite (such as `upgradeToNestedDialect`) to a step's whole
 * `input` or settings.
 *
 * @example
 * ```ts
 * mapStringsDeep({ a: ['x', 1] }, (s) => s.toUpperCase()); // { a: ['X', 1] }
 * ```
 */
export function mapStringsDeep<T>(value: T, fn: (s: string) => string): T {
  return mapValue(value, fn) as T;
}
