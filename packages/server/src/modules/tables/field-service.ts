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
import type { ServerBase } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import { tableLimitExceeded, tableLimits } from './table-limits';
import { fieldView, type FieldRow, type TableRow } from './table-views';

/** The fields of table `tableId`, oldest first. */
export function loadFields(db: Kysely<Database>, tableId: string): Promise<FieldRow[]> {
  return db
    .selectFrom('tableField')
    .selectAll()
    .where('tableId', '=', tableId)
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The field `fieldId`; 404 when missing. */
export async function loadField(db: Kysely<Database>, fieldId: string): Promise<FieldRow> {
  const row = await db.selectFrom('tableField').selectAll().where('id', '=', fieldId).executeTakeFirst();
  if (row === undefined) throw notFound('field', fieldId);
  return row;
}

/**
 * Adds `fields` to `table` within `trx`: 402 QUOTA_EXCEEDED when the table would hold more than
 * `limit` fields, 409 VALIDATION for a name the table (or the list) already has.
 */
export async function insertFields(
  ctx: ServerBase,
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
  await trx.insertInto('tableField').values(rows).execute();
  return rows;
}

/** Adds one field to table `table` (see {@link insertFields}). */
export async function createField(
  ctx: ServerBase,
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
  ctx: ServerBase,
  fieldId: string,
  patch: UpdateFieldRequest,
): Promise<Field> {
  const row = await ctx.store.write(async (trx) => {
    const field = await loadField(trx, fieldId);
    if (patch.name !== undefined && patch.name !== field.name) {
      const clash = await trx
        .selectFrom('tableField')
        .select('id')
        .where('tableId', '=', field.tableId)
        .where('name', '=', patch.name)
        .executeTakeFirst();
      if (clash !== undefined) {
        throw ruleViolation(`The table already has a field named ${patch.name}`, { name: patch.name });
      }
    }
    return trx
      .updateTable('tableField')
      .set({
        ...(patch.name === undefined ? {} : { name: patch.name }),
        ...(patch.data === undefined || field.type !== 'STATIC_DROPDOWN'
          ? {}
          : { data: toJson(dropdownData(patch.data)) }),
        updated: ctx.now(),
      })
      .where('id', '=', field.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return fieldView(row);
}

/** Deletes a field and its cells. */
export async function deleteField(ctx: ServerBase, fieldId: string): Promise<void> {
  await ctx.store.write(async (trx) => {
    await trx.deleteFrom('tableCell').where('fieldId', '=', fieldId).execute();
    await trx.deleteFrom('tableField').where('id', '=', fieldId).execute();
  });
}

/** A dropdown's options as stored: the given ones, or none. */
function dropdownData(data: FieldData | null | undefined): FieldData {
  return { options: data?.options ?? [] };
}
