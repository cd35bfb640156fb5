/**
 * The SQL of OAuth2 connections: the platform's OAuth2 client of a piece, and a connection's
 * value and refresh lease. One query per function, on the db or a write transaction.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../infrastructure/storage/database';

/** Platform `platformId`'s OAuth2 client of `pieceName` with client id `clientId` (secret sealed), if any. */
export async function findOAuthAppClient(
  db: Kysely<Database>,
  platformId: string,
  pieceName: string,
  clientId: string,
): Promise<{ clientId: string; clientSecret: string } | undefined> {
  return db
    .selectFrom('oauthApp')
    .select(['clientId', 'clientSecret'])
    .where('platformId', '=', platformId)
    .where('pieceName', '=', pieceName)
    .where('clientId', '=', clientId)
    .executeTakeFirst();
}

/** The sealed value of connection `id`, or undefined when it is gone. */
export async function selectConnectionValue(
  db: Kysely<Database>,
  id: string,
): Promise<{ value: string } | undefined> {
  return db.selectFrom('appConnection').select('value').where('id', '=', id).executeTakeFirst();
}

/**
 * Sets the refresh lease of connection `id` to `leaseId` until `until`, if nobody holds a live
 * one at `now` and its value is still `sealed`. Whether it did.
 */
export async function updateRefreshLease(
  trx: Kysely<Database>,
  id: string,
  sealed: string,
  leaseId: string,
  until: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('appConnection')
    .set({ refreshLeaseId: leaseId, refreshLeaseUntil: until })
    .where('id', '=', id)
    .where('value', '=', sealed)
    .where((eb) => eb.or([eb('refreshLeaseUntil', 'is', null), eb('refreshLeaseUntil', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a refresh's outcome on connection `id` and frees its lease, if lease `leaseId` still holds it. */
export async function clearRefreshLease(
  trx: Kysely<Database>,
  id: string,
  leaseId: string,
  outcome: { status: 'ACTIVE' | 'ERROR'; value?: string },
  updated: string,
): Promise<void> {
  await trx
    .updateTable('appConnection')
    .set({ ...outcome, refreshLeaseId: null, refreshLeaseUntil: null, updated })
    .where('id', '=', id)
    .where('refreshLeaseId', '=', leaseId)
    .execute();
}
