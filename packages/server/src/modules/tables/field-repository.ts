/** The SQL of `tableField` (and of the cells of fields): one query per function, on the db or a write transaction. */
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, TableFieldTable } from '../../infrastructure/storage/database';
import type { FieldRow } from './table-views';

/** The fields of table `tableId`, oldest first. */
export function selectTableFields(db: Kysely<Database>, tableId: string): Promise<FieldRow[]> {
  return db
    .selectFrom('tableField')
    .selectAll()
    .where('tableId', '=', tableId)
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Field `fieldId`, or undefined. */
export async function selectField(db: Kysely<Database>, fieldId: string): Promise<FieldRow | undefined> {
  return db.selectFrom('tableField').selectAll().where('id', '=', fieldId).executeTakeFirst();
}

/** The id of table `tableId`'s field named `name`, if it has one. */
export async function selectFieldIdByName(
  trx: Kysely<Database>,
  tableId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('tableField')
    .select('id')
    .where('tableId', '=', tableId)
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Inserts field rows. */
export async function insertFieldRows(
  trx: Kysely<Database>,
  rows: Insertable<TableFieldTable> | readonly Insertable<TableFieldTable>[],
): Promise<void> {
  await trx.insertInto('tableField').values(rows).execute();
}

/** Sets `changes` on field `fieldId` and returns it. */
export async function updateFieldRow(
  trx: Kysely<Database>,
  fieldId: string,
  changes: Updateable<TableFieldTable>,
): Promise<FieldRow> {
  return trx
    .updateTable('tableField')
    .set(changes)
    .where('id', '=', fieldId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets `changes` on field `fieldId`. */
export async function setFieldColumns(
  trx: Kysely<Database>,
  fieldId: string,
  changes: Updateable<TableFieldTable>,
): Promise<void> {
  await trx.updateTable('tableField').set(changes).where('id', '=', fieldId).execute();
}

/** Deletes the cells of field `fieldId`. */
export async function deleteFieldCells(trx: Kysely<Database>, fieldId: string): Promise<void> {
  await trx.deleteFrom('tableCell').where('fieldId', '=', fieldId).execute();
}

/** Deletes field `fieldId`. */
export async function deleteFieldRow(trx: Kysely<Database>, fieldId: string): Promise<void> {
  await trx.deleteFrom('tableField').where('id', '=', fieldId).execute();
}

/** Deletes the cells of the fields `fieldIds`. */
export async function deleteCellsOfFields(trx: Kysely<Database>, fieldIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('tableCell').where('fieldId', 'in', fieldIds).execute();
}

/** Deletes the fields `fieldIds`. */
export async function deleteFieldRows(trx: Kysely<Database>, fieldIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('tableField').where('id', 'in', fieldIds).execute();
}
