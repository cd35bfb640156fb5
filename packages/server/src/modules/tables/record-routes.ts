/** `/v1/records`: a table's records (READ_TABLE / WRITE_TABLE on its project, as declared in `ENDPOINTS.records`). */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { TableDependencies } from './table-dependencies';
import { createRecords, deleteRecords, getRecord, listRecords, updateRecord } from './record-service';
import { loadTable } from './table-service';

/** The record routes. */
export function recordRoutes(ctx: TableDependencies): RouteDefinition[] {
  const db = () => ctx.store.db;
  return [
    route(ENDPOINTS.records.create, {
      handler: async ({ body, project }) => {
        const table = await loadTable(db(), body.tableId, project.id);
        return createRecords(ctx, table, project.platformId, body.records);
      },
    }),
    route(ENDPOINTS.records.list, {
      handler: async ({ query, project }) => {
        const table = await loadTable(db(), query.tableId, project.id);
        return listRecords(ctx, table, query);
      },
    }),
    route(ENDPOINTS.records.get, {
      handler: async ({ params, project }) => {
        const record = await getRecord(ctx, params.id);
        await loadTable(db(), record.tableId, project.id);
        return record;
      },
    }),
    route(ENDPOINTS.records.update, {
      handler: async ({ params, body, project }) => {
        const table = await loadTable(db(), body.tableId, project.id);
        return updateRecord(ctx, table, params.id, body.cells ?? []);
      },
    }),
    route(ENDPOINTS.records.delete, {
      handler: async ({ body, project }) => {
        const table = await loadTable(db(), body.tableId, project.id);
        await deleteRecords(ctx, table, body.ids);
        return [];
      },
    }),
  ];
}
