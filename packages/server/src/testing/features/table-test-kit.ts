/** Test helpers of the tables module: a signed-up user's calls to the table, field and record routes. */
import type { Field, Page, PopulatedRecord, RecordFilter, Table } from '@piecework/shared';
import qs from 'qs';
import { expect } from 'vitest';
import { callApi, type ApiAnswer } from '../call-api';
import type { ApiServer } from '../test-server';
import type { TestUser } from '../test-users';

/** The table API as one user calls it; `raw` answers every status, the others expect success. */
export function tablesApi(server: ApiServer, user: TestUser) {
  const call = <T>(method: string, path: string, body?: unknown) =>
    callApi<T>(server.apiUrl, method, path, { token: user.token, ...(body === undefined ? {} : { body }) });
  const ok = async <T>(answer: Promise<ApiAnswer<T>>, status = 200): Promise<T> => {
    const result = await answer;
    expect(result.status, JSON.stringify(result.body)).toBe(status);
    return result.body;
  };
  return {
    call,
    createTable: (body: Record<string, unknown> = {}) =>
      ok(call<Table>('POST', '/v1/tables', { name: 'Table', projectId: user.projectId, ...body }), 201),
    createField: (tableId: string, name: string, type = 'TEXT', more: Record<string, unknown> = {}) =>
      ok(call<Field>('POST', '/v1/fields', { tableId, name, type, ...more }), 201),
    createRecords: (tableId: string, records: { fieldId: string; value: unknown }[][]) =>
      ok(call<PopulatedRecord[]>('POST', '/v1/records', { tableId, records }), 201),
    listRecordsRaw: (tableId: string, filters: RecordFilter[] = [], extra: Record<string, unknown> = {}) =>
      call<Page<PopulatedRecord>>('GET', `/v1/records?${qs.stringify({ tableId, filters, ...extra })}`),
    listRecords: async (tableId: string, filters: RecordFilter[] = [], limit = 100) =>
      ok(call<Page<PopulatedRecord>>('GET', `/v1/records?${qs.stringify({ tableId, filters, limit })}`)),
  };
}

/** Every record of a page's data as `{fieldName: value}`, sorted by `key` for order-free comparisons. */
export function valuesOf(records: readonly PopulatedRecord[]): Record<string, string | null>[] {
  return records.map((record) =>
    Object.fromEntries(Object.values(record.cells).map((cell) => [cell.fieldName, cell.value])),
  );
}
