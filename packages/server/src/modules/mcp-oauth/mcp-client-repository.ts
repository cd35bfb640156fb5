/**
 * The SQL of MCP OAuth clients (`mcpOAuthClient`) and refresh tokens (`mcpOAuthRefreshToken`):
 * one query per function, on the db or a write transaction.
 */
import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  McpOAuthClientTable,
  McpOAuthRefreshTokenTable,
} from '../../infrastructure/storage/database';

/** Stores a client row. */
export async function insertClient(
  trx: Kysely<Database>,
  values: Insertable<McpOAuthClientTable>,
): Promise<void> {
  await trx.insertInto('mcpOAuthClient').values(values).execute();
}

/** Client `clientId`'s row, or undefined. */
export async function selectClient(db: Kysely<Database>, clientId: string) {
  return db.selectFrom('mcpOAuthClient').selectAll().where('id', '=', clientId).executeTakeFirst();
}

/** Stores a refresh token row. */
export async function insertRefreshToken(
  trx: Kysely<Database>,
  values: Insertable<McpOAuthRefreshTokenTable>,
): Promise<void> {
  await trx.insertInto('mcpOAuthRefreshToken').values(values).execute();
}

/** The refresh token hashed as `hashedToken` with its grant and the status of the grant's user. */
export async function selectRefreshTokenWithGrant(trx: Kysely<Database>, hashedToken: string) {
  return trx
    .selectFrom('mcpOAuthRefreshToken')
    .innerJoin('mcpOAuthGrant', 'mcpOAuthGrant.id', 'mcpOAuthRefreshToken.grantId')
    .innerJoin('user', 'user.id', 'mcpOAuthGrant.userId')
    .select([
      'mcpOAuthRefreshToken.clientId',
      'mcpOAuthRefreshToken.expiresAt',
      'mcpOAuthGrant.id as grantId',
      'mcpOAuthGrant.userId',
      'mcpOAuthGrant.projectId',
      'mcpOAuthGrant.platformId',
      'mcpOAuthGrant.revokedAt',
      'user.status as userStatus',
    ])
    .where('mcpOAuthRefreshToken.hashedToken', '=', hashedToken)
    .executeTakeFirst();
}

/** Marks the refresh token hashed as `hashedToken` used at `now` if it was unused; whether it was. */
export async function claimRefreshToken(
  trx: Kysely<Database>,
  hashedToken: string,
  now: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('mcpOAuthRefreshToken')
    .set({ usedAt: now })
    .where('hashedToken', '=', hashedToken)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) !== 0;
}

/** The grant and client of the refresh token hashed as `hashedToken`, or undefined. */
export async function selectRefreshTokenGrant(
  db: Kysely<Database>,
  hashedToken: string,
): Promise<{ grantId: string; clientId: string } | undefined> {
  return db
    .selectFrom('mcpOAuthRefreshToken')
    .select(['grantId', 'clientId'])
    .where('hashedToken', '=', hashedToken)
    .executeTakeFirst();
}
