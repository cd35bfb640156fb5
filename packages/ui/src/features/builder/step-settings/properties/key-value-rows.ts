/**
 * The rows of a name/value list (`KeyValueList`) and the object they stand for: rows whose name
 * is empty are kept while being edited but stored nowhere, and of rows repeating a name the first
 * one wins.
 */
import { isRecord } from './property-values';

/** One name/value row being edited; `id` tells rows apart while their names change. */
export interface Row {
  readonly id: number;
  readonly key: string;
  readonly value: unknown;
}

/** The object `rows` store: the named rows, the first of a repeated name winning. */
export function objectOf(rows: readonly Row[]): Record<string, unknown> {
  const named = new Map<string, unknown>();
  for (const row of rows) if (row.key !== '' && !named.has(row.key)) named.set(row.key, row.value);
  // fromEntries defines own properties: a row named `toString` or `__proto__` is stored as named,
  // never read from or written to the object's prototype.
  return Object.fromEntries(named);
}

/** Whether object `a` is the stored value `b` (anything but an object counts as empty). */
export function sameObject(a: Record<string, unknown>, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(isRecord(b) ? b : {});
}
