/**
 * The SQL of `tableRecord` and `tableCell`: one query per function, on the db or a write
 * transaction. Every query is scoped by the record's table where its caller knows it.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, TableCellTable, TableRecordTable } from '../../infrastructure/storage/database';
import type { StoredCellValue } from './cell-values';
import { isSelective, recordFilterCondition } from './record-filter-repository';
import { cellConditions, type CheckedFilter } from './record-filters';

/** A `tableRecord` row. */
type RecordRow = Selectable<TableRecordTable>;

/** How many records table `tableId` has, and its highest `seq` (null when none). */
export async function selectRecordStats(
  trx: Kysely<Database>,
  tableId: string,
): Promise<{ count: number | string; maxSeq: number | string | null }> {
  return trx
    .selectFrom('tableRecord')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.max('seq').as('maxSeq')])
    .where('tableId', '=', tableId)
    .executeTakeFirstOrThrow();
}

/** Inserts record rows in one statement. */
export async function insertRecordRows(trx: Kysely<Database>, rows: readonly RecordRow[]): Promise<void> {
  await trx.insertInto('tableRecord').values(rows).execute();
}

/** Inserts cell rows in one statement. */
export async function insertCellRows(
  trx: Kysely<Database>,
  rows: readonly Insertable<TableCellTable>[],
): Promise<void> {
  await trx.insertInto('tableCell').values(rows).execute();
}

/** The cells of the records `recordIds` (one `in (...)` read). */
export async function selectCellsOfRecords(
  db: Kysely<Database>,
  recordIds: readonly string[],
): Promise<Selectable<TableCellTable>[]> {
  return db.selectFrom('tableCell').selectAll().where('recordId', 'in', recordIds).execute();
}

/** Record `recordId` of table `tableId`, or undefined. */
export async function selectTableRecord(
  db: Kysely<Database>,
  tableId: string,
  recordId: string,
): Promise<RecordRow | undefined> {
  return db
    .selectFrom('tableRecord')
    .selectAll()
    .where('id', '=', recordId)
    .where('tableId', '=', tableId)
    .executeTakeFirst();
}

/** Record `recordId` of any table, or undefined. */
export async function selectRecord(db: Kysely<Database>, recordId: string): Promise<RecordRow | undefined> {
  return db.selectFrom('tableRecord').selectAll().where('id', '=', recordId).executeTakeFirst();
}

/** Sets one cell of a record: inserts it, or updates its value when the record has it. */
export async function upsertCell(
  trx: Kysely<Database>,
  cell: { recordId: string; fieldId: string; tableId: string },
  stored: StoredCellValue,
  now: string,
): Promise<void> {
  await trx
    .insertInto('tableCell')
    .values({
      recordId: cell.recordId,
      fieldId: cell.fieldId,
      tableId: cell.tableId,
      ...stored,
      created: now,
      updated: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['recordId', 'fieldId']).doUpdateSet({ ...stored, updated: now }),
    )
    .execute();
}

/** Sets record `recordId`'s `updated` and returns it. */
export async function touchRecord(
  trx: Kysely<Database>,
  recordId: string,
  updated: string,
): Promise<RecordRow> {
  return trx
    .updateTable('tableRecord')
    .set({ updated })
    .where('id', '=', recordId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The records `ids` of table `tableId` (ids of other tables or of no record left out). */
export async function selectTableRecords(
  trx: Kysely<Database>,
  tableId: string,
  ids: readonly string[],
): Promise<RecordRow[]> {
  return trx
    .selectFrom('tableRecord')
    .selectAll()
    .where('tableId', '=', tableId)
    .where('id', 'in', [...ids])
    .execute();
}

/** Deletes the cells of records `recordIds` of table `tableId`. */
export async function deleteRecordCells(
  trx: Kysely<Database>,
  tableId: string,
  recordIds: readonly string[],
): Promise<void> {
  await trx
    .deleteFrom('tableCell')
    .where('tableId', '=', tableId)
    .where('recordId', 'in', recordIds)
    .execute();
}

/** Deletes records `recordIds` of table `tableId`. */
export async function deleteRecordRows(
  trx: Kysely<Database>,
  tableId: string,
  recordIds: readonly string[],
): Promise<void> {
  await trx.deleteFrom('tableRecord').where('tableId', '=', tableId).where('id', 'in', recordIds).execute();
}

/** Every record of table `tableId`, oldest first. */
export async function selectRecordsInOrder(db: Kysely<Database>, tableId: string): Promise<RecordRow[]> {
  return db
    .selectFrom('tableRecord')
    .selectAll()
    .where('tableId', '=', tableId)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The id and `seq` of every record of table `tableId`, oldest first. */
export async function selectRecordIdsInOrder(
  db: Kysely<Database>,
  tableId: string,
): Promise<{ id: string; seq: number }[]> {
  return db
    .selectFrom('tableRecord')
    .select(['id', 'seq'])
    .where('tableId', '=', tableId)
    .orderBy('seq', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * The records of table `tableId` that pass every checked filter (ANDed), unordered; each filter
 * is first measured on its index (see `isSelective`; `selectiveCells` its threshold, for tests) to
 * pick the cheaper form of its condition.
 */
export async function filteredRecords(
  db: Kysely<Database>,
  tableId: string,
  filters: readonly CheckedFilter[],
  selectiveCells?: number,
) {
  const conditions = cellConditions(filters);
  const selective = await Promise.all(
    conditions.map((condition) => isSelective(db, condition, selectiveCells)),
  );
  return db
    .selectFrom('tableRecord')
    .selectAll('tableRecord')
    .where('tableRecord.tableId', '=', tableId)
    .where((eb) =>
      eb.and(
        conditions.map((condition, index) => recordFilterCondition(db, eb, condition, selective[index]!)),
      ),
    );
}

/** The ids of up to `limit` records of table `tableId`, in no order (clearing a table chunk by chunk). */
export async function selectRecordIdChunk(
  db: Kysely<Database>,
  tableId: string,
  limit: number,
): Promise<{ id: string }[]> {
  return db.selectFrom('tableRecord').select('id').where('tableId', '=', tableId).limit(limit).execute();
}
