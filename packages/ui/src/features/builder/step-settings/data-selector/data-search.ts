/**
 * The data selector's search over sample data: which branches of a value hold a text in a key or
 * in a value (case-insensitive), and the entries of a value the tree lists.
 */
import type { PathSegment } from './reference-path';

/** How many items of an array are listed (and searched). */
export const SHOWN_ITEMS = 20;

/** How deep the search looks into a value. */
const MAX_DEPTH = 8;

/** The entries the tree lists under `value`: `[label, path segment, item]` for each key or item. */
export function childEntries(value: unknown): [string, PathSegment, unknown][] {
  if (Array.isArray(value))
    return value.slice(0, SHOWN_ITEMS).map((item, at) => [`[${String(at)}]`, at, item]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).map(([key, item]) => [key, key, item]);
  return [];
}

/**
 * Whether `label` or anything under `value` (keys and values) contains `search`, which is
 * lower-case ('' matches everything). Use it to decide which branches a search shows.
 */
export function containsText(label: string, value: unknown, search: string, depth = 0): boolean {
  if (search === '' || label.toLowerCase().includes(search)) return true;
  if (depth > MAX_DEPTH) return false;
  if (value === null || typeof value !== 'object') return String(value).toLowerCase().includes(search);
  return childEntries(value).some(([key, , item]) => containsText(key, item, search, depth + 1));
}
