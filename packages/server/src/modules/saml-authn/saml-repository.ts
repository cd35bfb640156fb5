/** The SQL of SAML sign-in: one query per function, on the db or a write transaction. */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/**
 * Records assertion `id` as consumed on `platformId` until `expiresAt`; false when it already was
 * (a replay). Run inside the write transaction that signs the user in.
 */
export async function insertConsumedAssertion(
  trx: Kysely<Database>,
  row: { id: string; platformId: string; expiresAt: string },
): Promise<boolean> {
  const result = await trx
    .insertInto('samlAssertion')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Records AuthnRequest `id` sent for `platformId`, awaited until `expiresAt`. */
export async function insertSamlRequest(
  trx: Kysely<Database>,
  row: { id: string; platformId: string; expiresAt: string },
): Promise<void> {
  await trx.insertInto('samlRequest').values(row).execute();
}

/** The AuthnRequest `id` sent for `platformId` that has not expired at `now`, if any. */
export async function findSamlRequest(
  db: Kysely<Database>,
  platformId: string,
  id: string,
  now: string,
): Promise<{ id: string; expiresAt: string } | undefined> {
  return db
    .selectFrom('samlRequest')
    .select(['id', 'expiresAt'])
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
}

/** Forgets AuthnRequest `id` (answered). */
export async function deleteSamlRequest(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('samlRequest').where('id', '=', id).execute();
}

/** Stores a one-time sign-in code (its hash) with the sealed session it is exchanged for. */
export async function insertSignInCode(
  trx: Kysely<Database>,
  row: { codeHash: string; platformId: string; session: string; expiresAt: string },
): Promise<void> {
  await trx.insertInto('samlSignInCode').values(row).execute();
}

/** Deletes the sign-in code of `codeHash` and answers its sealed session, unless it expired at `now`. */
export async function takeSignInCode(
  trx: Kysely<Database>,
  codeHash: string,
  now: string,
): Promise<{ session: string; expiresAt: string } | undefined> {
  const row = await trx
    .deleteFrom('samlSignInCode')
    .where('codeHash', '=', codeHash)
    .returning(['session', 'expiresAt'])
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return row.expiresAt > now ? row : undefined;
}

/** Deletes every expired row of the three SAML tables (pruned as sign-ins go). */
export async function deleteExpiredSamlRows(trx: Kysely<Database>, now: string): Promise<void> {
  await trx.deleteFrom('samlAssertion').where('expiresAt', '<=', now).execute();
  await trx.deleteFrom('samlRequest').where('expiresAt', '<=', now).execute();
  await trx.deleteFrom('samlSignInCode').where('expiresAt', '<=', now).execute();
}
