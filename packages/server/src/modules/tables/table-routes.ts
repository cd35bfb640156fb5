/**
 * `/v1/tables`: create, list, get, update, delete; export as JSON (`/export`) or as a `text/csv`
 * file (`/export/csv`); import a CSV body (`POST /v1/tables/:id/import`, any content type, e.g.
 * `text/csv`, up to {@link IMPORT_LIMIT_BYTES}). READ_TABLE / WRITE_TABLE on the table's project,
 * as declared in `ENDPOINTS.tables`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { invalidRequest } from '../../infrastructure/errors';
import { HttpReply } from '../../infrastructure/http/http-reply';
import { rawRoute, route, type RouteDefinition } from '../../infrastructure/http/route';
import type { TableDependencies } from './table-dependencies';
import { deleteTable } from './table-definitions';
import { createTable, listTables, loadTable, updateTable } from './table-service';
import { exportTable, exportTableCsv, importTableCsv } from './table-transfer';
import { tableView } from './table-views';

/** The largest CSV body an import takes: 100 MiB (a 100,000-row table of a few columns is ~5 MiB). */
export const IMPORT_LIMIT_BYTES = 100 * 1024 * 1024;

/** The table routes. */
export function tableRoutes(ctx: TableDependencies): RouteDefinition[] {
  const db = () => ctx.store.db;
  return [
    route(ENDPOINTS.tables.create, {
      handler: ({ body, project }) => createTable(ctx, project, body),
    }),
    route(ENDPOINTS.tables.list, {
      handler: ({ query, project }) => listTables(ctx, project.id, query),
    }),
    route(ENDPOINTS.tables.get, {
      handler: async ({ params, project }) => tableView(await loadTable(db(), params.id, project.id)),
    }),
    route(ENDPOINTS.tables.update, {
      handler: async ({ params, body, project }) => {
        const table = await loadTable(db(), params.id, project.id);
        return updateTable(ctx, table.id, body);
      },
    }),
    route(ENDPOINTS.tables.delete, {
      handler: async ({ params, project }) => {
        const table = await loadTable(db(), params.id, project.id);
        await deleteTable(ctx, table.id);
        return undefined;
      },
    }),
    route(ENDPOINTS.tables.export, {
      handler: async ({ params, project }) => exportTable(ctx, await loadTable(db(), params.id, project.id)),
    }),
    route(ENDPOINTS.tables.exportCsv, {
      handler: async ({ params, project }) => {
        const table = await loadTable(db(), params.id, project.id);
        return new HttpReply(200, Buffer.from(await exportTableCsv(ctx, table)), {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${table.id}.csv"`,
        });
      },
    }),
    rawRoute(ENDPOINTS.tables.import, {
      bodyLimitBytes: IMPORT_LIMIT_BYTES,
      handler: async ({ params, body, project, request }) => {
        const table = await loadTable(db(), params.id, project.id);
        const csv = csvOfBody(body, request.headers['content-type']);
        return new HttpReply(201, await importTableCsv(ctx, table, project.platformId, csv));
      },
    }),
  ];
}

/**
 * The CSV text of an import body: the bytes as UTF-8 text, or, for a JSON body (what
 * `@piecework/client` sends), the JSON string it holds (400 when it holds anything else).
 */
function csvOfBody(body: Buffer, contentType: string | string[] | undefined): string {
  const text = body.toString('utf8');
  if (typeof contentType !== 'string' || !/^application\/json\b/i.test(contentType)) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidRequest('The JSON body is not valid JSON');
  }
  if (typeof value !== 'string') throw invalidRequest('A JSON body must be one string: the CSV text');
  return value;
}
