/** The SQL of the `apiKey` table: one query per function, on the db or a write transaction. */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ApiKeyTable, Database } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** An `apiKey` row. */
export type ApiKeyRow = Selectable<ApiKeyTable>;

/** Inserts an API key row and returns it. */
export async function insertApiKey(
  trx: Kysely<Database>,
  values: Insertable<ApiKeyTable>,
): Promise<ApiKeyRow> {
  return trx.insertInto('apiKey').values(values).returningAll().executeTakeFirstOrThrow();
}

/** One seek page of platform `platformId`'s API keys. */
export async function listPlatformApiKeys(
  db: Kysely<Database>,
  platformId: string,
  page: PageRequest,
): Promise<Page<ApiKeyRow>> {
  const select = db.selectFrom('apiKey').selectAll().where('platformId', '=', platformId);
  return fetchSeekPage(select, 'apiKey', page);
}

/** Deletes API key `id` of platform `platformId`; the deleted row, or undefined when there was none. */
export async function deletePlatformApiKey(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return trx
    .deleteFrom('apiKey')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .returningAll()
    .executeTakeFirst();
}
