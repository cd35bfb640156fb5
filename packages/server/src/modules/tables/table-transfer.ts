/**
 * A table's rows out and in: the JSON export (`{name, fields, rows}` by field name), the CSV
 * export (a header row of field names, then one row per record, oldest first; empty cells are
 * empty), and the CSV import. An import appends its rows: the header names fields, and a name the
 * table does not have becomes a new TEXT field; every row, and the new fields, are written in one
 * transaction, or nothing is (a malformed CSV is 400, over a limit 402).
 */
import {
  CsvSyntaxError,
  formatCsv,
  parseCsv,
  readSpreadsheetCell,
  type ExportTableResponse,
  type ImportTableResponse,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import { invalidRequest, ruleViolation } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { insertFields, loadFields } from './field-service';
import { insertRecords, loadCells, populateRecords, type NewRecord } from './record-rows';
import { selectRecordIdsInOrder } from './record-repository';
import type { TableDependencies } from './table-dependencies';
import { tableLimits } from './table-limits';
import type { FieldRow, TableRow } from './table-views';

/** Every row of the table, oldest first, as texts by field (empty text for an empty cell). */
async function rowTexts(
  db: Kysely<Database>,
  tableId: string,
  fields: readonly FieldRow[],
): Promise<string[][]> {
  const records = await selectRecordIdsInOrder(db, tableId);
  const cells = await loadCells(
    db,
    records.map((record) => record.id),
  );
  const column = new Map(fields.map((field, index) => [field.id, index]));
  const rowOf = new Map(records.map((record, index) => [record.id, index]));
  const rows = records.map(() => fields.map(() => ''));
  for (const cell of cells) {
    const at = column.get(cell.fieldId);
    const row = rowOf.get(cell.recordId);
    if (at !== undefined && row !== undefined) rows[row]![at] = cell.value ?? '';
  }
  return rows;
}

/** The JSON export of `table`: its fields, and each row as texts by field name. */
export async function exportTable(ctx: TableDependencies, table: TableRow): Promise<ExportTableResponse> {
  const fields = await loadFields(ctx.store.db, table.id);
  const rows = await rowTexts(ctx.store.db, table.id, fields);
  return {
    name: table.name,
    fields: fields.map((field) => ({ id: field.id, name: field.name })),
    rows: rows.map((row) => Object.fromEntries(fields.map((field, index) => [field.name, row[index]!]))),
  };
}

/** The CSV export of `table`: a header of field names, then its rows, oldest first. */
export async function exportTableCsv(ctx: TableDependencies, table: TableRow): Promise<string> {
  const fields = await loadFields(ctx.store.db, table.id);
  const rows = await rowTexts(ctx.store.db, table.id, fields);
  return formatCsv([fields.map((field) => field.name), ...rows]);
}

/** Appends the rows of CSV `text` to `table` (see the module doc). */
export async function importTableCsv(
  ctx: TableDependencies,
  table: TableRow,
  platformId: string,
  text: string,
): Promise<ImportTableResponse> {
  const [header, ...body] = readCsv(text);
  if (header === undefined) return { records: 0, createdFields: [] };
  if (header.some((name) => name.trim() === ''))
    throw invalidRequest('The CSV header has an empty field name');
  if (new Set(header).size !== header.length) throw ruleViolation('The CSV header names a field twice');
  const rows = body.filter((row) => !(row.length === 1 && row[0] === ''));
  rows.forEach((row, index) => {
    if (row.length !== header.length) {
      throw invalidRequest(
        `CSV row ${String(index + 2)} has ${String(row.length)} cells; the header has ${String(header.length)}`,
        {
          row: index + 2,
        },
      );
    }
  });
  const limits = await tableLimits(ctx, platformId);
  const written = await ctx.store.write(async (trx) => {
    const existing = await loadFields(trx, table.id);
    const byName = new Map(existing.map((field) => [field.name, field]));
    const missing = header.filter((name) => !byName.has(name));
    const created = await insertFields(
      ctx,
      trx,
      table,
      missing.map((name) => ({ name, type: 'TEXT' as const })),
      limits.fieldsPerTable,
    );
    for (const field of created) byName.set(field.name, field);
    const fieldIds = header.map((name) => byName.get(name)!.id);
    const records: NewRecord[] = rows.map((row) =>
      row.flatMap((value, index) => (value === '' ? [] : [{ fieldId: fieldIds[index]!, value }])),
    );
    const inserted = await insertRecords(trx, table, records, limits.recordsPerTable, ctx.now());
    return { ...inserted, created, fields: [...byName.values()] };
  });
  if (ctx.recordEvents.hasListeners()) {
    const fields = new Map(written.fields.map((field) => [field.id, field]));
    for (const record of populateRecords(written.records, written.cells, fields)) {
      ctx.recordEvents.emit({
        type: 'RECORD_CREATED',
        tableId: table.id,
        projectId: table.projectId,
        record,
      });
    }
  }
  return { records: written.records.length, createdFields: written.created.map((field) => field.name) };
}

function readCsv(text: string): string[][] {
  try {
    return parseCsv(text).map((row) => row.map(readSpreadsheetCell));
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw invalidRequest(`Malformed CSV: ${error.message}`, { line: error.line });
    throw error;
  }
}
