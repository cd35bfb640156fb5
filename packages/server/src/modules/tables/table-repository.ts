/**
 * The SQL of `dataTable` (and the folder and project lookups tables need): one query per
 * function, on the db or a write transaction. Every table query is scoped as its caller says.
 */
import type { Page } from '@piecework/shared';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, DataTableTable } from '../../infrastructure/storage/database';
import { containsPattern } from '../../infrastructure/storage/like-pattern';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { TableRow } from './table-views';

/** Table `tableId` (of project `projectId` when given), or undefined. */
export async function selectTable(
  db: Kysely<Database>,
  tableId: string,
  projectId?: string,
): Promise<TableRow | undefined> {
  let query = db.selectFrom('dataTable').selectAll().where('id', '=', tableId);
  if (projectId !== undefined) query = query.where('projectId', '=', projectId);
  return query.executeTakeFirst();
}

/** How many tables project `projectId` has. */
export async function countProjectTables(trx: Kysely<Database>, projectId: string): Promise<number | string> {
  const { count } = await trx
    .selectFrom('dataTable')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return count;
}

/** Inserts a table row and returns it. */
export async function insertTableRow(
  trx: Kysely<Database>,
  values: Insertable<DataTableTable>,
): Promise<TableRow> {
  return trx.insertInto('dataTable').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets `changes` on table `tableId` and returns it. */
export async function updateTableRow(
  trx: Kysely<Database>,
  tableId: string,
  changes: Updateable<DataTableTable>,
): Promise<TableRow> {
  return trx
    .updateTable('dataTable')
    .set(changes)
    .where('id', '=', tableId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes every cell of table `tableId`. */
export async function deleteTableCells(trx: Kysely<Database>, tableId: string): Promise<void> {
  await trx.deleteFrom('tableCell').where('tableId', '=', tableId).execute();
}

/** Deletes every record of table `tableId`. */
export async function deleteTableRecords(trx: Kysely<Database>, tableId: string): Promise<void> {
  await trx.deleteFrom('tableRecord').where('tableId', '=', tableId).execute();
}

/** Deletes every field of table `tableId`. */
export async function deleteTableFields(trx: Kysely<Database>, tableId: string): Promise<void> {
  await trx.deleteFrom('tableField').where('tableId', '=', tableId).execute();
}

/** Deletes the row of table `tableId`. */
export async function deleteTableRow(trx: Kysely<Database>, tableId: string): Promise<void> {
  await trx.deleteFrom('dataTable').where('id', '=', tableId).execute();
}

/** What a page of a project's tables is narrowed by. */
export interface TableListFilters {
  readonly name?: string | undefined;
  readonly externalIds?: string[] | undefined;
  readonly folderId?: string | undefined;
}

/** One seek page of project `projectId`'s tables, narrowed by `filters`. */
export async function listProjectTablePage(
  db: Kysely<Database>,
  projectId: string,
  filters: TableListFilters,
  page: PageRequest,
): Promise<Page<TableRow>> {
  let select = db.selectFrom('dataTable').selectAll('dataTable').where('projectId', '=', projectId);
  if (filters.name !== undefined && filters.name !== '') {
    select = select.where(
      sql<boolean>`lower(${sql.ref('dataTable.name')}) like lower(${containsPattern(filters.name)}) escape '\\'`,
    );
  }
  if (filters.externalIds !== undefined) {
    select = select.where('externalId', 'in', filters.externalIds);
  }
  if (filters.folderId !== undefined) select = select.where('folderId', '=', filters.folderId);
  return fetchSeekPage(select, 'dataTable', page);
}

/** Every table of project `projectId`, oldest first. */
export async function selectProjectTables(db: Kysely<Database>, projectId: string): Promise<TableRow[]> {
  return db
    .selectFrom('dataTable')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The id of folder `folderId` of project `projectId`, if it is one of the project's. */
export async function selectProjectFolderId(
  trx: Kysely<Database>,
  projectId: string,
  folderId: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('folder')
    .select('id')
    .where('id', '=', folderId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** Project `projectId`'s id and platform, or undefined. */
export async function selectProjectPlatform(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ id: string; platformId: string } | undefined> {
  return db.selectFrom('project').select(['id', 'platformId']).where('id', '=', projectId).executeTakeFirst();
}

/** Project `projectId`'s platform (throws when there is no such project). */
export async function selectProjectPlatformId(
  db: Kysely<Database>,
  projectId: string,
): Promise<{ platformId: string }> {
  return db.selectFrom('project').select('platformId').where('id', '=', projectId).executeTakeFirstOrThrow();
}

/**
 * The tables of project `projectId` as the tables piece lists them (id, externalId, name), newest
 * first; only those of `externalIds` when given.
 */
export async function selectPieceTables(
  db: Kysely<Database>,
  projectId: string,
  externalIds?: readonly string[],
): Promise<{ id: string; externalId: string; name: string }[]> {
  let select = db
    .selectFrom('dataTable')
    .select(['id', 'externalId', 'name'])
    .where('projectId', '=', projectId);
  if (externalIds !== undefined) {
    if (externalIds.length === 0) return [];
    select = select.where('externalId', 'in', externalIds);
  }
  return select.orderBy('created', 'desc').orderBy('id', 'desc').execute();
}
