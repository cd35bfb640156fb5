const encoder = new TextEncoder();

/** Sizes of large objects already measured (values in a run are never mutated once produced). */
const measured = new WeakMap<object, number>();
/** Objects smaller than this are measured again rather than remembered (remembering costs more). */
const REMEMBER_FROM_BYTES = 1024;

/**
 * The UTF-8 size in bytes of a value's JSON text (0 for undefined or an unserialisable value).
 * Plain objects and arrays are measured member by member and remembered by identity, so an
 * output that later steps pass along (a 100 KB payload through 10 steps) is measured once, not
 * stringified at every step.
 */
export function jsonByteSize(value: unknown): number {
  if (value === undefined) return 0;
  try {
    return sizeOf(value, new Set()) ?? 0;
  } catch {
    const text = safeStringify(value);
    return text === undefined ? 0 : utf8Length(text);
  }
}

/** Size of `value` as JSON, or undefined for what JSON leaves out (undefined, functions, symbols). */
function sizeOf(value: unknown, path: Set<object>): number | undefined {
  switch (typeof value) {
    case 'string':
      return utf8Length(JSON.stringify(value));
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'bigint':
      throw new TypeError('BigInt has no JSON form');
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return 4;
  const object = value as object;
  const known = measured.get(object);
  if (known !== undefined) return known;
  if (path.has(object)) throw new TypeError('cycle');
  const prototype = Object.getPrototypeOf(object);
  let size: number;
  if (Array.isArray(object)) {
    path.add(object);
    size = 2 + Math.max(0, object.length - 1);
    for (const item of object) size += sizeOf(item, path) ?? 4;
    path.delete(object);
  } else if ((prototype === Object.prototype || prototype === null) && !('toJSON' in object)) {
    path.add(object);
    size = 2;
    let members = 0;
    for (const key of Object.keys(object)) {
      const member = sizeOf((object as Record<string, unknown>)[key], path);
      if (member === undefined) continue;
      size += utf8Length(JSON.stringify(key)) + 1 + member;
      members++;
    }
    size += Math.max(0, members - 1);
    path.delete(object);
  } else {
    const text = JSON.stringify(object) as string | undefined;
    if (text === undefined) return undefined;
    size = utf8Length(text);
  }
  if (size >= REMEMBER_FROM_BYTES) measured.set(object, size);
  return size;
}

/** `JSON.stringify`, or undefined when the value cannot be serialised (a cycle, a BigInt). */
export function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/** UTF-8 length of a string without allocating its bytes for short ASCII strings. */
export function utf8Length(text: string): number {
  if (text.length < 1024) {
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) bytes += 1;
      else if (code < 0x800) bytes += 2;
      else if (code >= 0xd800 && code <= 0xdbff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    }
    return bytes;
  }
  return encoder.encode(text).length;
}
