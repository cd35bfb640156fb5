/**
 * One table's server state for its grid: the table, its fields (oldest first), its records
 * (newest first, a page at a time from the API's cursor, filtered), and the changes made in the
 * grid: fields added, renamed and deleted; rows added, edited and deleted. After a change the
 * table's grid is read again.
 */
import type { CellInput, CreateFieldRequest, RecordFilter, UpdateFieldRequest } from '@piecework/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { tableKeys } from './table-keys';

/** How many records one page of the grid loads. */
export const RECORDS_PAGE_SIZE = 50;

/** The table `tableId`. */
export function useTable(tableId: string) {
  const client = useApi();
  return useQuery({ queryKey: tableKeys.table(tableId), queryFn: () => client.tables.get(tableId) });
}

/** The fields of table `tableId`, oldest first. */
export function useFields(tableId: string) {
  const client = useApi();
  return useQuery({ queryKey: tableKeys.fields(tableId), queryFn: () => client.fields.list({ tableId }) });
}

/** The records of table `tableId` matching every filter, page after page ("Load more"). */
export function useRecords(tableId: string, filters: readonly RecordFilter[]) {
  const client = useApi();
  return useInfiniteQuery({
    queryKey: tableKeys.recordList(tableId, filters),
    queryFn: ({ pageParam }) =>
      client.records.list({
        tableId,
        limit: RECORDS_PAGE_SIZE,
        ...(filters.length === 0 ? {} : { filters: [...filters] }),
        ...(pageParam === undefined ? {} : { cursor: pageParam }),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The changes of the grid of table `tableId`; each refreshes the grid when it settles. */
export function useGridChanges(tableId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tableKeys.one(tableId) });
  return {
    addField: useMutation({
      mutationFn: (field: Omit<CreateFieldRequest, 'tableId'>) => client.fields.create({ ...field, tableId }),
      onSettled: refresh,
    }),
    updateField: useMutation({
      mutationFn: ({ fieldId, change }: { fieldId: string; change: UpdateFieldRequest }) =>
        client.fields.update(fieldId, change),
      onSettled: refresh,
    }),
    deleteField: useMutation({
      mutationFn: (fieldId: string) => client.fields.delete(fieldId),
      onSettled: refresh,
    }),
    addRecord: useMutation({
      mutationFn: () => client.records.create({ tableId, records: [[]] }),
      onSettled: refresh,
    }),
    updateCell: useMutation({
      mutationFn: ({ recordId, cell }: { recordId: string; cell: CellInput }) =>
        client.records.update(recordId, { tableId, cells: [cell] }),
      onSettled: refresh,
    }),
    deleteRecords: useMutation({
      mutationFn: (ids: readonly string[]) => client.records.delete({ tableId, ids: [...ids] }),
      onSettled: refresh,
    }),
  };
}
