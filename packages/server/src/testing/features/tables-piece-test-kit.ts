/**
 * Builders for tests of the tables piece through a real server: tables, fields and records over
 * the REST API, and flow steps and triggers of `@activepieces/piece-tables`.
 */
import type { FlowOperation, StepRequest, TriggerRequest } from '@piecework/shared';
import { expectStatus, flowsApi } from './flow-test-kit';
import { callApi } from '../call-api';
import type { ApiServer } from '../test-server';

/** The piece as an exported flow names it. */
export const TABLES_PIECE = {
  pieceName: '@activepieces/piece-tables',
  pieceVersion: '0.2.8',
  propertySettings: {},
};

/** A record as the REST API answers it. */
export interface RestRecord {
  id: string;
  tableId: string;
  cells: Record<string, { value: string | null; fieldName: string }>;
}

/** Tables, fields and records of one user over REST (each call fails the test when refused). */
export function tablesApi(server: ApiServer, token: string) {
  const call = async <T>(method: string, path: string, status: number, options = {}) =>
    expectStatus(await callApi<T>(server.apiUrl, method, path, { token, ...options }), status);
  return {
    /** A table with TEXT `name` and NUMBER `age` fields (external ids `name` and `age`). */
    async createPeopleTable(projectId: string, name = 'People') {
      const table = await call<{ id: string; externalId: string }>('POST', '/v1/tables', 201, {
        body: {
          projectId,
          name,
          fields: [
            { name: 'Name', type: 'TEXT', externalId: 'name' },
            { name: 'Age', type: 'NUMBER', externalId: 'age' },
          ],
        },
      });
      const fields = await call<{ id: string; externalId: string }[]>('GET', '/v1/fields', 200, {
        query: { tableId: table.id },
      });
      const fieldId = (externalId: string) => fields.find((field) => field.externalId === externalId)!.id;
      return { ...table, nameField: fieldId('name'), ageField: fieldId('age') };
    },
    createRecords: (tableId: string, records: { fieldId: string; value: unknown }[][]) =>
      call<RestRecord[]>('POST', '/v1/records', 201, { body: { tableId, records } }),
    async listRecords(tableId: string): Promise<RestRecord[]> {
      const page = await call<{ data: RestRecord[] }>('GET', '/v1/records', 200, {
        query: { tableId, limit: '100' },
      });
      return page.data;
    },
    updateRecord: (tableId: string, recordId: string, cells: { fieldId: string; value: unknown }[]) =>
      call<RestRecord>('POST', `/v1/records/${recordId}`, 200, { body: { tableId, cells } }),
    deleteRecords: (tableId: string, ids: string[]) =>
      call('DELETE', '/v1/records', 200, { body: { tableId, ids } }),
  };
}

/** A step of the tables piece. */
export function tablesStep(name: string, actionName: string, input: Record<string, unknown>): StepRequest {
  return {
    name,
    displayName: actionName,
    type: 'PIECE',
    valid: true,
    settings: { ...TABLES_PIECE, actionName, input },
  };
}

/** A trigger of the tables piece on the table with `tableExternalId`. */
export function tablesTrigger(triggerName: string, tableExternalId: string): TriggerRequest {
  return {
    name: 'trigger',
    displayName: triggerName,
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: { ...TABLES_PIECE, triggerName, input: { table_id: tableExternalId } },
  };
}

/** A flow of `projectId` with `trigger` and `operations`, published (and so enabled); answers its id. */
export async function publishedFlow(
  server: ApiServer,
  token: string,
  projectId: string,
  trigger: TriggerRequest,
  ...operations: FlowOperation[]
): Promise<string> {
  const api = flowsApi(server, token);
  const flow = await api.createFlow(projectId, 'Tables flow');
  await api.apply(flow.id, { type: 'UPDATE_TRIGGER', request: trigger }, ...operations, {
    type: 'LOCK_AND_PUBLISH',
    request: {},
  });
  return flow.id;
}
