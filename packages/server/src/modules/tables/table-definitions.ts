/**
 * Tables as definitions (`TableDefinition`, what templates and project releases carry): create a
 * table from one, describe a table as one, bring a table to one; and delete or list a project's
 * tables. The service API other modules (templates, releases) build on; fields are matched by
 * their `externalId`, and data rows name fields by field externalId.
 */
import {
  FieldType,
  TableStatus,
  TableTrigger,
  generateId,
  type Table,
  type TableDataCell,
  type TableDefinition,
  type TableDefinitionField,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import { invalidRequest, notFound, ruleViolation } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import { deleteCellsOfFields, deleteFieldRows, insertFieldRows, setFieldColumns } from './field-repository';
import { selectRecordsInOrder } from './record-repository';
import { insertRecords, loadCells, populateRecords } from './record-rows';
import { loadFields } from './field-service';
import { tableLimitExceeded, tableLimits } from './table-limits';
import type { TableDependencies } from './table-dependencies';
import {
  selectProjectPlatform,
  selectProjectPlatformId,
  selectProjectTables,
  updateTableRow,
} from './table-repository';
import { insertTable, loadTable, removeTable } from './table-service';
import { tableView, type FieldRow } from './table-views';

/** Creates a table with its fields and rows from a definition; fields keep their externalId;
 *  data rows' cells name fields by field externalId. Refuses (4xx) when limits are exceeded. */
export async function createTableFromDefinition(
  ctx: TableDependencies,
  projectId: string,
  definition: TableDefinition,
): Promise<Table> {
  const project = await selectProjectPlatform(ctx.store.db, projectId);
  if (project === undefined) throw notFound('project', projectId);
  const limits = await tableLimits(ctx, project.platformId);
  const fields = definition.fields.map(checkedField);
  const written = await ctx.store.write(async (trx) => {
    const table = await insertTable(ctx, trx, project, {
      name: definition.name,
      externalId: definition.externalId,
      status: enumOrNull(TableStatus, definition.status, 'status'),
      trigger: enumOrNull(TableTrigger, definition.trigger, 'trigger'),
      fields,
    });
    const rows = definition.data?.rows ?? [];
    if (rows.length === 0) return { table, records: [], cells: [], fields: [] as FieldRow[] };
    const fieldRows = await loadFields(trx, table.id);
    const byExternalId = new Map(fieldRows.map((field) => [field.externalId, field.id]));
    const records = rows.map((row) =>
      row.map((cell) => ({ fieldId: fieldOfCell(byExternalId, cell), value: cell.value })),
    );
    return {
      table,
      fields: fieldRows,
      ...(await insertRecords(trx, table, records, limits.recordsPerTable, ctx.now())),
    };
  });
  const fieldMap = new Map(written.fields.map((field) => [field.id, field]));
  for (const record of populateRecords(written.records, written.cells, fieldMap)) {
    ctx.recordEvents.emit({ type: 'RECORD_CREATED', tableId: written.table.id, projectId, record });
  }
  return tableView(written.table);
}

/** A table as a definition: fields by externalId (+ dropdown options), status, trigger, and when
 *  withData the rows as {type:'CSV', rows:[[{fieldId: <field externalId>, value}]]}. */
export async function tableDefinitionOf(
  ctx: TableDependencies,
  tableId: string,
  options: { withData: boolean },
): Promise<TableDefinition> {
  const db = ctx.store.db;
  const table = await loadTable(db, tableId);
  const fields = await loadFields(db, table.id);
  const definition: TableDefinition = {
    name: table.name,
    externalId: table.externalId,
    fields: fields.map((field) => ({
      name: field.name,
      type: field.type,
      externalId: field.externalId,
      data: field.data === null ? null : (JSON.parse(field.data) as TableDefinitionField['data']),
    })),
    status: table.status,
    trigger: table.trigger,
  };
  if (!options.withData) return definition;
  return { ...definition, data: { type: 'CSV', rows: await rowsByExternalId(db, table.id, fields) } };
}

/** Brings a table to a definition: name, status, trigger; adds, renames, retypes and deletes
 *  fields by externalId; rows untouched. */
export async function updateTableFromDefinition(
  ctx: TableDependencies,
  tableId: string,
  definition: TableDefinition,
): Promise<Table> {
  const wanted = definition.fields.map(checkedField);
  const names = new Set(wanted.map((field) => field.name));
  if (names.size !== wanted.length) throw ruleViolation('Two fields of the definition have one name');
  const status = enumOrNull(TableStatus, definition.status, 'status');
  const trigger = enumOrNull(TableTrigger, definition.trigger, 'trigger');
  const table = await loadTable(ctx.store.db, tableId);
  const { platformId } = await selectProjectPlatformId(ctx.store.db, table.projectId);
  const limits = await tableLimits(ctx, platformId);
  const row = await ctx.store.write(async (trx) => {
    const existing = await loadFields(trx, table.id);
    const byExternalId = new Map(existing.map((field) => [field.externalId, field]));
    const kept = new Set(wanted.map((field) => field.externalId));
    const gone = existing.filter((field) => !kept.has(field.externalId)).map((field) => field.id);
    if (gone.length > 0) {
      await deleteCellsOfFields(trx, gone);
      await deleteFieldRows(trx, gone);
    }
    const added = wanted.filter((field) => !byExternalId.has(field.externalId));
    const count = existing.length - gone.length + added.length;
    if (count > limits.fieldsPerTable) {
      throw tableLimitExceeded(
        'fieldsPerTable',
        limits.fieldsPerTable,
        existing.length - gone.length,
        added.length,
      );
    }
    const now = ctx.now();
    for (const field of wanted) {
      const current = byExternalId.get(field.externalId);
      const data = field.type === 'STATIC_DROPDOWN' ? toJson({ options: field.data?.options ?? [] }) : null;
      if (current === undefined) {
        await insertFieldRows(trx, {
          id: generateId(),
          tableId: table.id,
          projectId: table.projectId,
          name: field.name,
          type: field.type,
          externalId: field.externalId,
          data,
          created: now,
          updated: now,
        });
      } else if (current.name !== field.name || current.type !== field.type || current.data !== data) {
        await setFieldColumns(trx, current.id, { name: field.name, type: field.type, data, updated: now });
      }
    }
    return updateTableRow(trx, table.id, { name: definition.name, status, trigger, updated: now });
  });
  return tableView(row);
}

/** Deletes a table with its fields, records and webhooks. */
export async function deleteTable(ctx: TableDependencies, tableId: string): Promise<void> {
  await ctx.store.write((trx) => removeTable(trx, tableId));
}

/** Every table of a project (no paging), oldest first. */
export async function listProjectTables(ctx: TableDependencies, projectId: string): Promise<Table[]> {
  const rows = await selectProjectTables(ctx.store.db, projectId);
  return rows.map(tableView);
}

/** A definition's field with its type checked (400 VALIDATION for a type that does not exist). */
function checkedField(field: TableDefinitionField) {
  const type = FieldType.safeParse(field.type);
  if (!type.success) {
    throw invalidRequest(
      `Field ${field.externalId} has type ${field.type}, not one of ${FieldType.options.join(', ')}`,
      {
        externalId: field.externalId,
        type: field.type,
      },
    );
  }
  return { name: field.name, type: type.data, externalId: field.externalId, data: field.data ?? null };
}

/** The value of an optional enum of a definition: null when absent, 400 when not one of its values. */
function enumOrNull<T extends string>(
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  value: string | null | undefined,
  name: string,
): T | null {
  if (value === null || value === undefined) return null;
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw invalidRequest(`The table's ${name} ${value} is not a known one`, { [name]: value });
  return parsed.data;
}

/** The field id a data cell names by field externalId; 400 when the definition has no such field. */
function fieldOfCell(byExternalId: ReadonlyMap<string, string>, cell: TableDataCell): string {
  const id = byExternalId.get(cell.fieldId);
  if (id === undefined) {
    throw invalidRequest(`A data row names field ${cell.fieldId}, which the definition does not have`, {
      fieldId: cell.fieldId,
    });
  }
  return id;
}

/** Every record of a table, oldest first, as rows of cells by field externalId. */
async function rowsByExternalId(
  db: Kysely<Database>,
  tableId: string,
  fields: readonly FieldRow[],
): Promise<TableDataCell[][]> {
  const records = await selectRecordsInOrder(db, tableId);
  const fieldMap = new Map(fields.map((field) => [field.id, field]));
  const cells = await loadCells(
    db,
    records.map((record) => record.id),
  );
  return populateRecords(records, cells, fieldMap).map((record) =>
    fields
      .filter((field) => record.cells[field.id] !== undefined)
      .map((field) => ({ fieldId: field.externalId, value: record.cells[field.id]!.value })),
  );
}
