import type { FlowVersion } from '../flow-version';

/** What a version holds besides its content: stamps that every edit renews. */
const STAMPS = new Set(['lastUpdatedDate', 'lastTestDate', 'createdAt', 'updatedAt']);

/**
 * The content of a draft that an edit and its undo are about: display name, trigger and steps
 * (every field, place and sample-data file), validity and notes (ordered by id) — without the
 * stamps every edit renews (`updated`, `updatedBy`, each step's `lastUpdatedDate`, note times,
 * sample data's test date). Two versions with equal content are the same flow to a user; use it
 * to check that an undo gave back the draft before the edit.
 */
export function versionContent(version: FlowVersion): unknown {
  const { displayName, trigger, valid, validationIssues, notes } = version;
  const sortedNotes = [...notes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return withoutStamps({ displayName, trigger, valid, validationIssues, notes: sortedNotes });
}

/** `value` (JSON-like) without the stamps every edit renews, at any depth; undefined fields dropped. */
export function withoutStamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutStamps);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value)
    .filter(([key, field]) => !STAMPS.has(key) && field !== undefined)
    .map(([key, field]) => [key, withoutStamps(field)] as const);
  return Object.fromEntries(entries);
}
