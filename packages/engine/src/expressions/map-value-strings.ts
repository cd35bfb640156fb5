function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Rebuilds `value` with every string replaced by `fn(string)` (which may return any value):
 * recursively through arrays and plain objects (null-prototype ones stay null-prototype), keys
 * untouched and in order, every other leaf (numbers, booleans, `null`, class instances such as
 * `Date`) kept as is. Arrays and plain objects are always NEW containers and `value` is never
 * modified. Only own enumerable string keys are copied, each defined as an own data property, so
 * a `"__proto__"` key stays a plain key and never changes a prototype. Strings are visited in a
 * fixed order (array order, then `Object.keys` order), so two walks of the same value visit the
 * same strings in the same order. Meant for JSON-like trees: a cyclic value overflows the stack.
 */
export function mapValueStrings(value: unknown, fn: (text: string) => unknown): unknown {
  if (typeof value === 'string') {
    return fn(value);
  }
  if (Array.isArray(value)) {
    const items: unknown[] = [];
    for (const item of value as readonly unknown[]) {
      items.push(mapValueStrings(item, fn));
    }
    return items;
  }
  if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    const source = value as Readonly<Record<string, unknown>>;
    const result: object = Object.getPrototypeOf(value) === null ? Object.create(null) : {};
    for (const key of Object.keys(source)) {
      Object.defineProperty(result, key, {
        value: mapValueStrings(source[key], fn),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return result;
  }
  return value;
}
