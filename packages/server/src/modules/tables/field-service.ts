/**
 * Fields (columns) of a table: added within the table's field limit, names unique per table (CSV
 * headers and exports name fields), a dropdown's options kept in `data`. Deleting a field
 * deletes its cells.
 */
import {
  generateId,
  type CreateTableField,
  type Field,
  type FieldData,
  type UpdateFieldRequest,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import { notFound, ruleViolation } from '../../infrastructure/errors';
import type { TableDependencies } from './table-dependencies';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import {
  deleteFieldCells,
  deleteFieldRow,
  insertFieldRows,
  selectField,
  selectFieldIdByName,
  selectTableFields,
  updateFieldRow,
} from './field-repository';
import { tableLimitExceeded, tableLimits } from './table-limits';
import { fieldView, type FieldRow, type TableRow } from './table-views';

/** The fields of table `tableId`, oldest first. */
export function loadFields(db: Kysely<Database>, tableId: string): Promise<FieldRow[]> {
  return selectTableFields(db, tableId);
}

/** The field `fieldId`; 404 when missing. */
export async function loadField(db: Kysely<Database>, fieldId: string): Promise<FieldRow> {
  const row = await selectField(db, fieldId);
  if (row === undefined) throw notFound('field', fieldId);
  return row;
}

/**
 * Adds `fields` to `table` within `trx`: 402 QUOTA_EXCEEDED when the table would hold more than
 * `limit` fields, 409 VALIDATION for a name the table (or the list) already has.
 */
export async function insertFields(
  ctx: TableDependencies,
  trx: Kysely<Database>,
  table: Pick<TableRow, 'id' | 'projectId'>,
  fields: readonly CreateTableField[],
  limit: number,
): Promise<FieldRow[]> {
  if (fields.length === 0) return [];
  const existing = await loadFields(trx, table.id);
  if (existing.length + fields.length > limit) {
    throw tableLimitExceeded('fieldsPerTable', limit, existing.length, fields.length);
  }
  const names = new Set(existing.map((field) => field.name));
  const rows: FieldRow[] = [];
  for (const field of fields) {
    if (names.has(field.name)) {
      throw ruleViolation(`The table already has a field named ${field.name}`, { name: field.name });
    }
    names.add(field.name);
    const now = ctx.now();
    rows.push({
      id: generateId(),
      tableId: table.id,
      projectId: table.projectId,
      name: field.name,
      type: field.type,
      externalId: field.externalId ?? generateId(),
      data: field.type === 'STATIC_DROPDOWN' ? toJson(dropdownData(field.data)) : null,
      created: now,
      updated: now,
    });
  }
  await insertFieldRows(trx, rows);
  return rows;
}

/** Adds one field to table `table` (see {@link insertFields}). */
export async function createField(
  ctx: TableDependencies,
  table: Pick<TableRow, 'id' | 'projectId'>,
  platformId: string,
  field: CreateTableField,
): Promise<Field> {
  const { fieldsPerTable } = await tableLimits(ctx, platformId);
  const [row] = await ctx.store.write((trx) => insertFields(ctx, trx, table, [field], fieldsPerTable));
  return fieldView(row!);
}

/** Renames a field (409 VALIDATION for a name another field of its table has) or sets a dropdown's options. */
export async function updateField(
  ctx: TableDependencies,
  fieldId: string,
  patch: UpdateFieldRequest,
): Promise<Field> {
  const row = await ctx.store.write(async (trx) => {
    const field = await loadField(trx, fieldId);
    if (patch.name !== undefined && patch.name !== field.name) {
      const clash = await selectFieldIdByName(trx, field.tableId, patch.name);
      if (clash !== undefined) {
        throw ruleViolation(`The table already has a field named ${patch.name}`, { name: patch.name });
      }
    }
    return updateFieldRow(trx, field.id, {
      ...(patch.name === undefined ? {} : { name: patch.name }),
      ...(patch.data === undefined || field.type !== 'STATIC_DROPDOWN'
        ? {}
        : { data: toJson(dropdownData(patch.data)) }),
      updated: ctx.now(),
    });
  });
  return fieldView(row);
}

/** Deletes a field and its cells. */
export async function deleteField(ctx: TableDependencies, fieldId: string): Promise<void> {
  await ctx.store.write(async (trx) => {
    await deleteFieldCells(trx, fieldId);
    await deleteFieldRow(trx, fieldId);
  });
}

/** A dropdown's options as stored: the given ones, or none. */
function dropdownData(data: FieldData | null | undefined): FieldData {
  return { options: data?.options ?? [] };
}
