/**
 * The queries of the signing-keys module. Each takes the Kysely instance to run on: `store.db` for
 * reads, or the `trx` of a write transaction for writes. A key is always looked up within its
 * platform.
 */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, SigningKeyTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** The columns a signing key is shown with (never needed: the public key). */
const VIEW_COLUMNS = ['id', 'created', 'updated', 'displayName'] as const;

/** A signing key's row as read for showing it: `VIEW_COLUMNS` only. */
export type SigningKeyViewRow = Pick<Selectable<SigningKeyTable>, (typeof VIEW_COLUMNS)[number]>;

/** Inserts signing key `row` and answers its shown columns. */
export async function insertSigningKey(
  trx: Kysely<Database>,
  row: Insertable<SigningKeyTable>,
): Promise<SigningKeyViewRow> {
  return trx.insertInto('signingKey').values(row).returning(VIEW_COLUMNS).executeTakeFirstOrThrow();
}

/** One page of the signing keys of platform `platformId`, newest first. */
export async function selectSigningKeyPage(
  db: Kysely<Database>,
  platformId: string,
  page: PageRequest,
): Promise<Page<SigningKeyViewRow>> {
  const select = db.selectFrom('signingKey').select(VIEW_COLUMNS).where('platformId', '=', platformId);
  return fetchSeekPage(select, 'signingKey', page);
}

/** Signing key `id` of platform `platformId` (undefined when it has no such key). */
export async function findPlatformSigningKey(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<SigningKeyViewRow | undefined> {
  return db
    .selectFrom('signingKey')
    .select(VIEW_COLUMNS)
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Deletes signing key `id` of platform `platformId`; answers undefined when there was none. */
export async function deletePlatformSigningKey(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<{ id: string } | undefined> {
  return trx
    .deleteFrom('signingKey')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .returning('id')
    .executeTakeFirst();
}
