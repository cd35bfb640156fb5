/**
 * Revoking a grant: the one way a token family ends. A revoked grant's refresh tokens are refused
 * at `/token` and its access tokens at `/mcp` (`verify-mcp-access-token.ts` checks the grant on
 * every call), at once. Used by `/revoke`, by reuse detection (a code or refresh token presented
 * twice) and by "Disconnect" (`DELETE /v1/mcp-oauth/grants/:id`).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { markGrantRevoked } from './mcp-grant-repository';

/**
 * Marks grant `grantId` revoked at `now` (a grant already revoked keeps its first time); with
 * `clientId`, only when the grant is that client's. Answers whether a live grant was revoked.
 */
export async function revokeGrant(
  trx: Kysely<Database>,
  grantId: string,
  now: string,
  clientId?: string,
): Promise<boolean> {
  return markGrantRevoked(trx, grantId, now, clientId);
}
