/**
 * The cache keys of tables. Every key of a project's table list starts with `['tables', projectId]`;
 * one table's own data (the table, its fields, its records) starts with `['table', tableId]`, so one
 * invalidation after a change to a table refreshes its grid.
 */

/** Cache keys of tables, fields and records. */
export const tableKeys = {
  lists: (projectId: string) => ['tables', projectId] as const,
  list: (projectId: string, view: { name: string; cursor: string | undefined }) =>
    ['tables', projectId, view] as const,
  one: (tableId: string) => ['table', tableId] as const,
  table: (tableId: string) => ['table', tableId, 'table'] as const,
  fields: (tableId: string) => ['table', tableId, 'fields'] as const,
  records: (tableId: string) => ['table', tableId, 'records'] as const,
  recordList: (tableId: string, filters: readonly unknown[]) =>
    ['table', tableId, 'records', filters] as const,
};
