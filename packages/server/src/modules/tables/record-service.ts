/**
 * The one module that writes records: create, update and delete, each in one transaction, each
 * emitting its record events (`record-events.ts`) once committed; and reading them (get, list with
 * filters). Every query is scoped by the record's table.
 */
import type { CellInput, ListRecordsQuery, Page, PopulatedRecord } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { invalidRequest, notFound } from '../../infrastructure/errors';
import type { TableDependencies } from './table-dependencies';
import type { Database } from '../../infrastructure/storage/database';
import { fetchSeekPage } from '../../infrastructure/storage/seek-page';
import { storedCellValue } from './cell-values';
import { loadFields } from './field-service';
import { checkRecordFilters } from './record-filters';
import {
  deleteRecordCells,
  deleteRecordRows,
  filteredRecords,
  selectRecord,
  selectTableRecord,
  selectTableRecords,
  touchRecord,
  upsertCell,
} from './record-repository';
import { insertRecords, populateRecords, readPopulated, type NewRecord, type RecordRow } from './record-rows';
import { tableLimits } from './table-limits';
import type { FieldRow, TableRow } from './table-views';

/** The table a record call acts on, with the platform its limits come from. */
export type RecordTable = Pick<TableRow, 'id' | 'projectId'>;

/** The fields of a table by id. */
export async function fieldsById(db: Kysely<Database>, tableId: string): Promise<Map<string, FieldRow>> {
  return new Map((await loadFields(db, tableId)).map((field) => [field.id, field]));
}

/** Throws 400 VALIDATION when a cell names a field that is not one of the table's. */
function assertCellsOfTable(
  rows: readonly (readonly CellInput[])[],
  fields: ReadonlyMap<string, FieldRow>,
): void {
  for (const row of rows) {
    for (const cell of row) {
      if (!fields.has(cell.fieldId)) {
        throw invalidRequest(`Field ${cell.fieldId} is not a field of this table`, { fieldId: cell.fieldId });
      }
    }
  }
}

/**
 * Creates `rows` in `table` in one transaction (400 for a field of another table, 402 over the
 * record limit: nothing written), then emits RECORD_CREATED for each. Answers them in order.
 */
export async function createRecords(
  ctx: TableDependencies,
  table: RecordTable,
  platformId: string,
  rows: readonly NewRecord[],
): Promise<PopulatedRecord[]> {
  const fields = await fieldsById(ctx.store.db, table.id);
  assertCellsOfTable(rows, fields);
  const { recordsPerTable } = await tableLimits(ctx, platformId);
  const written = await ctx.store.write((trx) => insertRecords(trx, table, rows, recordsPerTable, ctx.now()));
  const records = populateRecords(written.records, written.cells, fields);
  for (const record of records) {
    ctx.recordEvents.emit({ type: 'RECORD_CREATED', tableId: table.id, projectId: table.projectId, record });
  }
  return records;
}

/** The record `recordId` of table `tableId`; 404 when missing. */
async function loadRecord(db: Kysely<Database>, tableId: string, recordId: string): Promise<RecordRow> {
  const row = await selectTableRecord(db, tableId, recordId);
  if (row === undefined) throw notFound('record', recordId);
  return row;
}

/** The record `recordId` with its cells (of table `tableId` when given); 404 when missing. */
export async function getRecord(
  ctx: TableDependencies,
  recordId: string,
  tableId?: string,
): Promise<PopulatedRecord> {
  const db = ctx.store.db;
  const row =
    tableId === undefined
      ? await selectRecord(db, recordId)
      : await loadRecord(db, tableId, recordId).catch(() => undefined);
  if (row === undefined) throw notFound('record', recordId);
  const [record] = await readPopulated(db, [row], await fieldsById(db, row.tableId));
  return record!;
}

/**
 * Sets `cells` of record `recordId` of `table` (fields left out stay as they are; a null value
 * clears a cell) in one transaction, then emits RECORD_UPDATED. 404 for a record of another
 * table, 400 for a field of another table.
 */
export async function updateRecord(
  ctx: TableDependencies,
  table: RecordTable,
  recordId: string,
  cells: readonly CellInput[],
): Promise<PopulatedRecord> {
  const fields = await fieldsById(ctx.store.db, table.id);
  assertCellsOfTable([cells], fields);
  const row = await ctx.store.write(async (trx) => {
    const record = await loadRecord(trx, table.id, recordId);
    const now = ctx.now();
    for (const cell of cells) {
      const stored = storedCellValue(cell.value);
      await upsertCell(trx, { recordId: record.id, fieldId: cell.fieldId, tableId: table.id }, stored, now);
    }
    return touchRecord(trx, record.id, now);
  });
  const [record] = await readPopulated(ctx.store.db, [row], fields);
  ctx.recordEvents.emit({
    type: 'RECORD_UPDATED',
    tableId: table.id,
    projectId: table.projectId,
    record: record!,
  });
  return record!;
}

/**
 * Deletes the records `ids` of `table` (ids of other tables or of no record are ignored) in one
 * transaction, then emits RECORD_DELETED with each deleted record as it was.
 */
export async function deleteRecords(
  ctx: TableDependencies,
  table: RecordTable,
  ids: readonly string[],
): Promise<void> {
  const fields = await fieldsById(ctx.store.db, table.id);
  const deleted = await ctx.store.write(async (trx) => {
    const rows = await selectTableRecords(trx, table.id, ids);
    if (rows.length === 0) return [];
    const before = await readPopulated(trx, rows, fields);
    const found = rows.map((row) => row.id);
    await deleteRecordCells(trx, table.id, found);
    await deleteRecordRows(trx, table.id, found);
    return before;
  });
  for (const record of deleted) {
    ctx.recordEvents.emit({ type: 'RECORD_DELETED', tableId: table.id, projectId: table.projectId, record });
  }
}

/** A page of `table`'s records, newest first, with `query.filters` ANDed (see `record-filters.ts`). */
export async function listRecords(
  ctx: TableDependencies,
  table: RecordTable,
  query: Pick<ListRecordsQuery, 'limit' | 'cursor' | 'filters'>,
): Promise<Page<PopulatedRecord>> {
  const db = ctx.store.db;
  const fields = await fieldsById(db, table.id);
  const select = await filteredRecords(db, table.id, checkRecordFilters(query.filters ?? [], fields));
  const page = await fetchSeekPage(select, 'tableRecord', { limit: query.limit, cursor: query.cursor });
  return { data: await readPopulated(db, page.data, fields), next: page.next, previous: page.previous };
}
