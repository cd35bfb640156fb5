/**
 * The tables of the built-in tables piece (`PieceServices.tables`), served in-process on the
 * tables module's services: no HTTP to this server. Every call is scoped by the project it names
 * (a table, record or flow of another project is "not found"), and record writes go through the
 * record service, so they fire the same record events as the REST routes.
 */
import type { TablesHost } from '@piecework/pieces';
import type { RecordFilter } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { createTableWebhook, deleteTableWebhook } from './table-webhook-repository';
import { loadFields } from './field-service';
import { createRecords, deleteRecords, getRecord, listRecords, updateRecord } from './record-service';
import { loadTable } from './table-service';
import { selectPieceTables, selectProjectPlatform } from './table-repository';
import { selectRecordIdChunk } from './record-repository';
import { fieldView } from './table-views';
import type { ServerBase } from '../../server-context';

/** Records read per page when the piece asks for more than one page. */
const PAGE = 100;

/** Records deleted per call when clearing a table. */
const CLEAR_CHUNK = 500;

/**
 * What the tables host uses: the record service's context (store, clock, settings for the
 * limits, the server's record events, which table webhooks and triggers listen on).
 */
export type TablesHostDependencies = ServerBase;

/**
 * The tables host over `deps` (see {@link TablesHostDependencies}). The server's run machinery
 * gets one over the server base, built before the context; trigger hooks and design-time
 * services get one over the context they are given.
 */
export function createTablesHost(deps: TablesHostDependencies): TablesHost {
  const tableOf = (projectId: string, tableId: string) => loadTable(deps.store.db, tableId, projectId);
  const platformOf = async (projectId: string) => {
    const project = await selectProjectPlatform(deps.store.db, projectId);
    if (project === undefined) throw notFound('project', projectId);
    return project.platformId;
  };
  return {
    listTables: (projectId, query) => selectPieceTables(deps.store.db, projectId, query.externalIds),
    async listFields(projectId, tableId) {
      const table = await tableOf(projectId, tableId);
      return (await loadFields(deps.store.db, table.id)).map((row) => fieldView(row));
    },
    async createRecords(projectId, request) {
      const table = await tableOf(projectId, request.tableId);
      return createRecords(deps, table, await platformOf(projectId), request.records);
    },
    async updateRecord(projectId, recordId, request) {
      const table = await tableOf(projectId, request.tableId);
      return updateRecord(deps, table, recordId, request.cells);
    },
    async getRecord(projectId, recordId) {
      const record = await getRecord(deps, recordId);
      if (record.projectId !== projectId) throw notFound('record', recordId);
      return record;
    },
    async deleteRecords(projectId, request) {
      await deleteRecords(deps, await tableOf(projectId, request.tableId), request.ids);
    },
    async listRecords(projectId, request) {
      const table = await tableOf(projectId, request.tableId);
      const filters = request.filters as RecordFilter[];
      const records = [];
      let cursor: string | undefined;
      while (records.length < request.limit) {
        const limit = Math.min(PAGE, request.limit - records.length);
        const page = await listRecords(deps, table, { limit, cursor, filters });
        records.push(...page.data);
        if (page.next === null || page.data.length === 0) break;
        cursor = page.next;
      }
      return records;
    },
    async clearTable(projectId, tableId) {
      const table = await tableOf(projectId, tableId);
      let deletedCount = 0;
      for (;;) {
        const rows = await selectRecordIdChunk(deps.store.db, table.id, CLEAR_CHUNK);
        if (rows.length === 0) return { deletedCount };
        await deleteRecords(
          deps,
          table,
          rows.map((row) => row.id),
        );
        deletedCount += rows.length;
      }
    },
    createWebhook: (projectId, request) => createTableWebhook(deps, projectId, request.tableId, request),
    async deleteWebhook(projectId, request) {
      await deleteTableWebhook(deps, projectId, request.tableId, request.webhookId);
    },
  };
}
