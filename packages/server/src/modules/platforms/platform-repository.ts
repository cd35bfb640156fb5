/**
 * The queries of the platforms module. Each takes the Kysely instance to run on: `store.db` for
 * reads, or the `trx` of a write transaction for reads and writes inside one.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database, PlatformTable } from '../../infrastructure/storage/database';
import { PLATFORM_COLUMNS, type PlatformRow } from './platform-view';

/**
 * The server's first platform: the one signed up first, or undefined on a fresh server. On a
 * self-hosted server (AP_EDITION ce or ee) it is the server's platform, the one later sign-ups
 * join; it also owns server-wide changes.
 */
export function findFirstPlatform(db: Kysely<Database>): Promise<PlatformRow | undefined> {
  return db
    .selectFrom('platform')
    .select(PLATFORM_COLUMNS)
    .orderBy('created')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Platform `id` with the columns the API shows (undefined when there is none). */
export function findPlatformRow(db: Kysely<Database>, id: string): Promise<PlatformRow | undefined> {
  return db.selectFrom('platform').select(PLATFORM_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Applies `changes` to platform `id`, stamping `updated`, and answers the changed row. */
export function updatePlatformRow(
  trx: Kysely<Database>,
  id: string,
  changes: Updateable<PlatformTable>,
  updated: string,
): Promise<PlatformRow> {
  return trx
    .updateTable('platform')
    .set({ ...changes, updated })
    .where('id', '=', id)
    .returning(PLATFORM_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The stored identity provider columns of platform `id` (secrets still sealed). */
export function findProviderColumns(
  db: Kysely<Database>,
  id: string,
): Promise<Pick<Selectable<PlatformTable>, 'federatedAuthProviders' | 'federatedAuthSecrets'>> {
  return db
    .selectFrom('platform')
    .select(['federatedAuthProviders', 'federatedAuthSecrets'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
