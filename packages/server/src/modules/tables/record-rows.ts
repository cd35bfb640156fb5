/**
 * Records as rows and back: inserting many records with their cells in chunks (within the table's
 * record limit), and reading records' cells into {@link PopulatedRecord}s.
 */
import { generateId, type PopulatedRecord, type RecordCell } from '@piecework/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, TableCellTable, TableRecordTable } from '../../infrastructure/storage/database';
import { storedCellValue } from './cell-values';
import {
  insertCellRows,
  insertRecordRows,
  selectCellsOfRecords,
  selectRecordStats,
} from './record-repository';
import { tableLimitExceeded } from './table-limits';
import type { FieldRow, TableRow } from './table-views';

/** A `tableRecord` row. */
export type RecordRow = Selectable<TableRecordTable>;

/** Ids per `in (...)` read. */
const CHUNK = 500;
/** Bound parameters per insert statement: below both engines' limits (SQLite 32,766, PostgreSQL 65,535). */
const INSERT_PARAMETERS = 30_000;
const RECORDS_PER_INSERT = Math.floor(INSERT_PARAMETERS / 6);
const CELLS_PER_INSERT = Math.floor(INSERT_PARAMETERS / 8);

/** A new record: each cell's field id (already checked to be the table's) and raw value. */
export type NewRecord = ReadonlyArray<{ readonly fieldId: string; readonly value: unknown }>;

/**
 * Inserts `records` into `table` within `trx`, in statements of up to 30,000 parameters, after checking
 * the table's record limit (402 QUOTA_EXCEEDED, nothing written). Answers the records' rows, in order.
 */
export async function insertRecords(
  trx: Kysely<Database>,
  table: Pick<TableRow, 'id' | 'projectId'>,
  records: readonly NewRecord[],
  recordLimit: number,
  now: string,
): Promise<{ records: RecordRow[]; cells: Selectable<TableCellTable>[] }> {
  const stats = await selectRecordStats(trx, table.id);
  const count = Number(stats.count);
  if (count + records.length > recordLimit) {
    throw tableLimitExceeded('recordsPerTable', recordLimit, count, records.length);
  }
  let seq = stats.maxSeq === null ? 0 : Number(stats.maxSeq);
  const recordRows: RecordRow[] = [];
  const cellRows: Insertable<TableCellTable>[] = [];
  for (const record of records) {
    const id = generateId();
    recordRows.push({
      id,
      tableId: table.id,
      projectId: table.projectId,
      seq: (seq += 1),
      created: now,
      updated: now,
    });
    const byField = new Map<string, unknown>();
    for (const cell of record) byField.set(cell.fieldId, cell.value);
    for (const [fieldId, value] of byField) {
      cellRows.push({
        recordId: id,
        fieldId,
        tableId: table.id,
        ...storedCellValue(value),
        created: now,
        updated: now,
      });
    }
  }
  for (let start = 0; start < recordRows.length; start += RECORDS_PER_INSERT) {
    await insertRecordRows(trx, recordRows.slice(start, start + RECORDS_PER_INSERT));
  }
  for (let start = 0; start < cellRows.length; start += CELLS_PER_INSERT) {
    await insertCellRows(trx, cellRows.slice(start, start + CELLS_PER_INSERT));
  }
  return { records: recordRows, cells: cellRows as Selectable<TableCellTable>[] };
}

/** The cells of `recordIds`, read in chunks. */
export async function loadCells(
  db: Kysely<Database>,
  recordIds: readonly string[],
): Promise<Selectable<TableCellTable>[]> {
  const cells: Selectable<TableCellTable>[] = [];
  for (let start = 0; start < recordIds.length; start += CHUNK) {
    const chunk = recordIds.slice(start, start + CHUNK);
    cells.push(...(await selectCellsOfRecords(db, chunk)));
  }
  return cells;
}

/** Records with their cells by field id (cells of fields not in `fields` are left out). */
export function populateRecords(
  records: readonly RecordRow[],
  cells: readonly Selectable<TableCellTable>[],
  fields: ReadonlyMap<string, FieldRow>,
): PopulatedRecord[] {
  const byRecord = new Map<string, Record<string, RecordCell>>();
  for (const cell of cells) {
    const field = fields.get(cell.fieldId);
    if (field === undefined) continue;
    let map = byRecord.get(cell.recordId);
    if (map === undefined) byRecord.set(cell.recordId, (map = {}));
    map[cell.fieldId] = {
      value: cell.value,
      fieldName: field.name,
      created: cell.created,
      updated: cell.updated,
    };
  }
  return records.map((record) => ({
    id: record.id,
    created: record.created,
    updated: record.updated,
    tableId: record.tableId,
    projectId: record.projectId,
    cells: byRecord.get(record.id) ?? {},
  }));
}

/** Reads `records`' cells and populates them. */
export async function readPopulated(
  db: Kysely<Database>,
  records: readonly RecordRow[],
  fields: ReadonlyMap<string, FieldRow>,
): Promise<PopulatedRecord[]> {
  return populateRecords(
    records,
    await loadCells(
      db,
      records.map((record) => record.id),
    ),
    fields,
  );
}
