/**
 * The SQL of MCP OAuth authorization codes (`mcpOAuthCode`) and grants (`mcpOAuthGrant`): one
 * query per function, on the db or a write transaction.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database, McpOAuthCodeTable, McpOAuthGrantTable } from '../../infrastructure/storage/database';

/** Stores an authorization code row. */
export async function insertCode(
  trx: Kysely<Database>,
  values: Insertable<McpOAuthCodeTable>,
): Promise<void> {
  await trx.insertInto('mcpOAuthCode').values(values).execute();
}

/** The code hashed as `hashedCode`, with the status of the user who approved it, or undefined. */
export async function selectCodeWithUser(db: Kysely<Database>, hashedCode: string) {
  return db
    .selectFrom('mcpOAuthCode')
    .innerJoin('user', 'user.id', 'mcpOAuthCode.userId')
    .selectAll('mcpOAuthCode')
    .select('user.status as userStatus')
    .where('hashedCode', '=', hashedCode)
    .executeTakeFirst();
}

/** Marks the code hashed as `hashedCode` used at `now` if it was unused; whether it was. */
export async function claimCode(trx: Kysely<Database>, hashedCode: string, now: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('mcpOAuthCode')
    .set({ usedAt: now })
    .where('hashedCode', '=', hashedCode)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) !== 0;
}

/** The grant the code hashed as `hashedCode` made, if any. */
export async function selectCodeGrantId(
  trx: Kysely<Database>,
  hashedCode: string,
): Promise<{ grantId: string | null } | undefined> {
  return trx
    .selectFrom('mcpOAuthCode')
    .select('grantId')
    .where('hashedCode', '=', hashedCode)
    .executeTakeFirst();
}

/** Records on the code hashed as `hashedCode` the grant its exchange made. */
export async function setCodeGrant(
  trx: Kysely<Database>,
  hashedCode: string,
  grantId: string,
): Promise<void> {
  await trx.updateTable('mcpOAuthCode').set({ grantId }).where('hashedCode', '=', hashedCode).execute();
}

/** Stores a grant row. */
export async function insertGrant(
  trx: Kysely<Database>,
  values: Insertable<McpOAuthGrantTable>,
): Promise<void> {
  await trx.insertInto('mcpOAuthGrant').values(values).execute();
}

/** Sets grant `grantId`'s `updated`. */
export async function touchGrant(trx: Kysely<Database>, grantId: string, updated: string): Promise<void> {
  await trx.updateTable('mcpOAuthGrant').set({ updated }).where('id', '=', grantId).execute();
}

/**
 * Marks grant `grantId` revoked at `now` unless it already is (of client `clientId` only, when
 * given); whether a row changed.
 */
export async function markGrantRevoked(
  trx: Kysely<Database>,
  grantId: string,
  now: string,
  clientId?: string,
): Promise<boolean> {
  let update = trx
    .updateTable('mcpOAuthGrant')
    .set({ revokedAt: now, updated: now })
    .where('id', '=', grantId)
    .where('revokedAt', 'is', null);
  if (clientId !== undefined) update = update.where('clientId', '=', clientId);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Grant `grantId` with the status of its user, as `/mcp` checks it, or undefined. */
export async function selectGrantWithUser(db: Kysely<Database>, grantId: string) {
  return db
    .selectFrom('mcpOAuthGrant')
    .innerJoin('user', 'user.id', 'mcpOAuthGrant.userId')
    .select([
      'mcpOAuthGrant.clientId',
      'mcpOAuthGrant.userId',
      'mcpOAuthGrant.projectId',
      'mcpOAuthGrant.revokedAt',
      'mcpOAuthGrant.lastUsedAt',
      'user.status as userStatus',
    ])
    .where('mcpOAuthGrant.id', '=', grantId)
    .executeTakeFirst();
}

/** Sets grant `grantId`'s `lastUsedAt`. */
export async function setGrantLastUsed(
  db: Kysely<Database>,
  grantId: string,
  lastUsedAt: string,
): Promise<void> {
  await db.updateTable('mcpOAuthGrant').set({ lastUsedAt }).where('id', '=', grantId).execute();
}

/** Project `projectId`'s live grants with their client's name and user's email, newest first. */
export async function selectProjectGrants(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('mcpOAuthGrant')
    .innerJoin('mcpOAuthClient', 'mcpOAuthClient.id', 'mcpOAuthGrant.clientId')
    .leftJoin('user', 'user.id', 'mcpOAuthGrant.userId')
    .selectAll('mcpOAuthGrant')
    .select(['mcpOAuthClient.clientName', 'user.email as userEmail'])
    .where('mcpOAuthGrant.projectId', '=', projectId)
    .where('mcpOAuthGrant.revokedAt', 'is', null)
    .orderBy('mcpOAuthGrant.created', 'desc')
    .orderBy('mcpOAuthGrant.id', 'desc')
    .execute();
}

/** The client of grant `grantId` of project `projectId`, or undefined. */
export async function selectProjectGrantClient(
  db: Kysely<Database>,
  projectId: string,
  grantId: string,
): Promise<{ clientId: string } | undefined> {
  return db
    .selectFrom('mcpOAuthGrant')
    .select('clientId')
    .where('id', '=', grantId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}
