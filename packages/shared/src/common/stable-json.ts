/**
 * JSON text for files people keep in version control: every object's keys sorted, two-space
 * indent, a final newline, so the same value always gives the same bytes. Arrays keep their order.
 * Written here rather than taken from a library: `JSON.stringify`'s replacer sorts keys in a few
 * lines, and shared depends on zod alone. (Keys that are array indices, such as `"2"`, come first
 * in ascending numeric order, as JavaScript enumerates them; still the same bytes every time.)
 *
 * @example
 * ```ts
 * stableJson({ b: 1, a: [2, 1] }); // '{\n  "a": [\n    2,\n    1\n  ],\n  "b": 1\n}\n'
 * ```
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(value, sortKeys, 2)}\n`;
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  // Object.fromEntries defines each key as an own property, `__proto__` included.
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, record[key]]),
  );
}
