/** The SQL of a platform's `allowedEmbedOrigins` column: one query per function. */
import type { Kysely } from 'kysely';
import type { Database, JsonText } from '../../infrastructure/storage/database';

/** The stored allowed embed origins of platform `platformId` (throws when there is no such platform). */
export async function selectPlatformEmbedOrigins(
  db: Kysely<Database>,
  platformId: string,
): Promise<JsonText> {
  const row = await db
    .selectFrom('platform')
    .select('allowedEmbedOrigins')
    .where('id', '=', platformId)
    .executeTakeFirstOrThrow();
  return row.allowedEmbedOrigins;
}

/** Stores `origins` (JSON text) as platform `platformId`'s allowed embed origins. */
export async function updatePlatformEmbedOrigins(
  trx: Kysely<Database>,
  platformId: string,
  origins: JsonText,
  updated: string,
): Promise<void> {
  await trx
    .updateTable('platform')
    .set({ allowedEmbedOrigins: origins, updated })
    .where('id', '=', platformId)
    .execute();
}

/** The stored allowed embed origins of the oldest platform, if there is one. */
export async function selectFirstPlatformEmbedOrigins(
  db: Kysely<Database>,
): Promise<{ allowedEmbedOrigins: JsonText } | undefined> {
  return db
    .selectFrom('platform')
    .select('allowedEmbedOrigins')
    .orderBy('created')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
