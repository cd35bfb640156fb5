/**
 * Tables of a project: create (with fields), read, list, update and delete (with everything in
 * them). Every query is scoped by the table's project. Routes and `table-definitions.ts` build on it.
 */
import {
  generateId,
  type CreateTableField,
  type ListTablesQuery,
  type Page,
  type Table,
  type UpdateTableRequest,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import { notFound } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { mapPage } from '../../infrastructure/storage/seek-page';
import { insertFields } from './field-service';
import type { TableDependencies } from './table-dependencies';
import { tableLimitExceeded, tableLimits } from './table-limits';
import {
  countProjectTables,
  deleteTableCells,
  deleteTableFields,
  deleteTableRecords,
  deleteTableRow,
  insertTableRow,
  listProjectTablePage,
  selectProjectFolderId,
  selectTable,
  updateTableRow,
} from './table-repository';
import { tableView, type TableRow } from './table-views';

/** What a new table is made of. */
export interface NewTable {
  readonly name: string;
  readonly externalId?: string | undefined;
  readonly folderId?: string | null | undefined;
  readonly status?: Table['status'] | undefined;
  readonly trigger?: Table['trigger'] | undefined;
  readonly fields?: readonly CreateTableField[] | undefined;
}

/** The table `tableId` of project `projectId` (or of any project when undefined); 404 when missing. */
export async function loadTable(
  db: Kysely<Database>,
  tableId: string,
  projectId?: string,
): Promise<TableRow> {
  const row = await selectTable(db, tableId, projectId);
  if (row === undefined) throw notFound('table', tableId);
  return row;
}

/**
 * Creates a table with its fields in one transaction, within trx `trx`. 402 QUOTA_EXCEEDED over
 * the project's table limit or the table's field limit; 404 for a folder of another project.
 */
export async function insertTable(
  ctx: TableDependencies,
  trx: Kysely<Database>,
  project: { id: string; platformId: string },
  table: NewTable,
): Promise<TableRow> {
  const limits = await tableLimits(ctx, project.platformId);
  const count = await countProjectTables(trx, project.id);
  if (Number(count) + 1 > limits.tables) throw tableLimitExceeded('tables', limits.tables, Number(count), 1);
  if (table.folderId !== undefined && table.folderId !== null) {
    await assertFolderOfProject(trx, project.id, table.folderId);
  }
  const now = ctx.now();
  const row = await insertTableRow(trx, {
    id: generateId(),
    projectId: project.id,
    name: table.name,
    folderId: table.folderId ?? null,
    externalId: table.externalId ?? generateId(),
    status: table.status ?? null,
    trigger: table.trigger ?? null,
    created: now,
    updated: now,
  });
  await insertFields(ctx, trx, row, table.fields ?? [], limits.fieldsPerTable);
  return row;
}

/** Creates a table in `project` (see {@link insertTable}). */
export async function createTable(
  ctx: TableDependencies,
  project: { id: string; platformId: string },
  table: NewTable,
): Promise<Table> {
  return tableView(await ctx.store.write((trx) => insertTable(ctx, trx, project, table)));
}

/** Renames a table, moves it to a folder (null: none), or sets its status or trigger. */
export async function updateTable(
  ctx: TableDependencies,
  tableId: string,
  patch: UpdateTableRequest,
): Promise<Table> {
  const row = await ctx.store.write(async (trx) => {
    const table = await loadTable(trx, tableId);
    if (patch.folderId !== undefined && patch.folderId !== null) {
      await assertFolderOfProject(trx, table.projectId, patch.folderId);
    }
    return updateTableRow(trx, table.id, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.folderId === undefined ? {} : { folderId: patch.folderId }),
      ...(patch.status === undefined ? {} : { status: patch.status }),
      ...(patch.trigger === undefined ? {} : { trigger: patch.trigger }),
      updated: ctx.now(),
    });
  });
  return tableView(row);
}

/** Deletes a table's cells, records, fields and the table, within `trx`. */
export async function removeTable(trx: Kysely<Database>, tableId: string): Promise<void> {
  await deleteTableCells(trx, tableId);
  await deleteTableRecords(trx, tableId);
  await deleteTableFields(trx, tableId);
  await deleteTableRow(trx, tableId);
}

/** A page of a project's tables, newest first, filtered as the query says. */
export async function listTables(
  ctx: TableDependencies,
  projectId: string,
  query: ListTablesQuery,
): Promise<Page<Table>> {
  if (query.externalIds !== undefined && query.externalIds.length === 0) {
    return { data: [], next: null, previous: null };
  }
  const page = await listProjectTablePage(ctx.store.db, projectId, query, {
    limit: query.limit,
    cursor: query.cursor,
  });
  return mapPage(page, tableView);
}

async function assertFolderOfProject(
  trx: Kysely<Database>,
  projectId: string,
  folderId: string,
): Promise<void> {
  const folder = await selectProjectFolderId(trx, projectId, folderId);
  if (folder === undefined) throw notFound('folder', folderId);
}
