import type { PlainPath } from './plain-path';
import type { ResolutionScope } from './resolution-scope';

/** Segments a path never reads, whatever the object holds: they lead to prototypes. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

function readOwn(container: unknown, key: string): unknown {
  if (FORBIDDEN.has(key)) {
    return undefined;
  }
  if (typeof container === 'string') {
    // A string's own properties are its length and its characters, as in JavaScript.
    container = Object(container);
  }
  if (typeof container !== 'object' || container === null) {
    return undefined;
  }
  const descriptor = Object.getOwnPropertyDescriptor(container, key);
  return descriptor !== undefined && 'value' in descriptor ? (descriptor.value as unknown) : undefined;
}

/**
 * Reads a plain path directly from the scope, without the sandbox. The root must be in scope;
 * each segment reads an own data property (array indexes and `length` included, and a string's
 * `length` and characters), never an inherited one, a getter, or a `__proto__`, `constructor` or
 * `prototype` segment: those, a missing property, and a step out of scope all give `undefined`.
 *
 * Objects and arrays come back as they are, shared with the step that produced them (no copy:
 * a 100 KB payload passed along 10 steps is never cloned). The engine never mutates a recorded
 * output; code steps receive their input as JSON inside the sandbox, and piece runners must
 * treat their input as read-only.
 *
 * @example
 * ```ts
 * readPlainPath(scope, parsePlainPath("step_1['output'].items[0]")!); // the first item
 * ```
 */
export function readPlainPath(scope: ResolutionScope, path: PlainPath): unknown {
  if (!scope.has(path.root)) {
    return undefined;
  }
  let value = scope.get(path.root);
  for (const segment of path.segments) {
    value = readOwn(value, String(segment));
    if (value === undefined) {
      return undefined;
    }
  }
  return value;
}
