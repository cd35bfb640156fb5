/**
 * The tables page's server state: a page of the project's tables (by name), and the changes made
 * from the list (create, rename, delete, import a CSV file, export one). After a change every list
 * of the project is read again, and the changed table's grid too.
 */
import type { Page, Table } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { csvFileName, csvOfExport, downloadText } from './table-csv';
import { tableKeys } from './table-keys';

/** How many tables a page of the list shows. */
export const TABLES_PAGE_SIZE = 20;

/** A page of the project's tables whose name contains `name`. */
export function useTablesPage(projectId: string, view: { name: string; cursor: string | undefined }) {
  const client = useApi();
  return useQuery({
    queryKey: tableKeys.list(projectId, view),
    queryFn: (): Promise<Page<Table>> =>
      client.tables.list({
        projectId,
        limit: TABLES_PAGE_SIZE,
        ...(view.name.trim() === '' ? {} : { name: view.name.trim() }),
        ...(view.cursor === undefined ? {} : { cursor: view.cursor }),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes every table list of the project, and table `tableId`'s grid. */
function useRefreshTables(projectId: string) {
  const queryClient = useQueryClient();
  return (tableId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tableKeys.lists(projectId) }),
      ...(tableId === undefined ? [] : [queryClient.invalidateQueries({ queryKey: tableKeys.one(tableId) })]),
    ]);
}

/** Creates a table called `name`; answers it. */
export function useCreateTable(projectId: string) {
  const client = useApi();
  const refresh = useRefreshTables(projectId);
  return useMutation({
    mutationFn: (name: string) => client.tables.create({ projectId, name }),
    onSuccess: () => refresh(),
  });
}

/** Renames a table. */
export function useRenameTable(projectId: string) {
  const client = useApi();
  const refresh = useRefreshTables(projectId);
  return useMutation({
    mutationFn: ({ tableId, name }: { tableId: string; name: string }) =>
      client.tables.update(tableId, { name }),
    onSuccess: (table) => refresh(table.id),
  });
}

/** Deletes a table with its fields and records. */
export function useDeleteTable(projectId: string) {
  const client = useApi();
  const refresh = useRefreshTables(projectId);
  return useMutation({
    mutationFn: (tableId: string) => client.tables.delete(tableId),
    onSuccess: (_, tableId) => refresh(tableId),
  });
}

/** Appends the rows of a CSV file's text to a table; answers how many rows and new fields it added. */
export function useImportTable(projectId: string) {
  const client = useApi();
  const refresh = useRefreshTables(projectId);
  return useMutation({
    mutationFn: ({ tableId, csv }: { tableId: string; csv: string }) => client.tables.import(tableId, csv),
    onSettled: (_, __, { tableId }) => refresh(tableId),
  });
}

/** Downloads a table as `<name>.csv`. */
export function useExportTable() {
  const client = useApi();
  return useMutation({
    mutationFn: async (table: Table) => {
      const exported = await client.tables.export(table.id);
      downloadText(csvFileName(table.name), csvOfExport(exported), 'text/csv;charset=utf-8');
    },
  });
}
