/**
 * The queries of the templates module: the `template` rows of a platform (the official templates
 * ship with the server and are never stored). Each takes the Kysely instance to run on:
 * `store.db` for reads, or the `trx` of a write transaction for writes.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, TemplateTable } from '../../infrastructure/storage/database';

/** Every template row of platform `platformId`, newest first. */
export async function selectPlatformTemplates(
  db: Kysely<Database>,
  platformId: string,
): Promise<Selectable<TemplateTable>[]> {
  return db
    .selectFrom('template')
    .selectAll()
    .where('platformId', '=', platformId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Template row `id` of platform `platformId` (undefined when there is none). */
export async function findPlatformTemplate(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<Selectable<TemplateTable> | undefined> {
  return db
    .selectFrom('template')
    .selectAll()
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Inserts template `row`. */
export async function insertTemplate(trx: Kysely<Database>, row: Insertable<TemplateTable>): Promise<void> {
  await trx.insertInto('template').values(row).execute();
}

/** Replaces template `id` of platform `platformId` with `row`. */
export async function updateTemplateRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
  row: Insertable<TemplateTable>,
): Promise<void> {
  await trx
    .updateTable('template')
    .set(row)
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .execute();
}

/** Deletes template `id` of platform `platformId`. */
export async function deleteTemplateRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<void> {
  await trx.deleteFrom('template').where('id', '=', id).where('platformId', '=', platformId).execute();
}
