/**
 * The `refresh_token` grant at `/token` (RFC 6749 §6, OAuth 2.1 §4.3, RFC 9700 §4.14.2): the
 * refresh token must be this client's (another client's is `invalid_grant`), unexpired, of a grant
 * not revoked and of a user still ACTIVE. Each refresh rotates: the token is marked used by one
 * conditional UPDATE (atomic: of two concurrent refreshes one wins) and a new one is stored in the
 * same grant. A used token presented again is a replay: the whole grant (every refresh and access
 * token of the family, the new ones included) is revoked and the answer is `invalid_grant`.
 */
import { MCP_OAUTH_SCOPE, type McpTokenResponse } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { claimRefreshToken, selectRefreshTokenWithGrant } from './mcp-client-repository';
import { touchGrant } from './mcp-grant-repository';
import type { McpOAuthClient } from './mcp-oauth-clients';
import { invalidOAuthRequest, OAuthError } from './oauth-error';
import type { OAuthParams } from './oauth-params';
import { hashSecret } from './oauth-secrets';
import { revokeGrant } from './revoke-grant';
import { storeRefreshToken, tokenResponse, type GrantFacts } from './token-response';

type Rotation = { ok: true; grant: GrantFacts; refreshToken: string } | { ok: false; description: string };

/** Rotates the refresh token of `params` and answers new tokens of its grant. */
export async function refreshTokens(
  ctx: Pick<ServerContext, 'store' | 'now' | 'mcpAccessTokens'>,
  client: McpOAuthClient,
  params: OAuthParams,
): Promise<McpTokenResponse> {
  const presented = params.get('refresh_token');
  if (presented === undefined) throw invalidOAuthRequest('refresh_token is required');
  const scope = params.get('scope');
  if (scope !== undefined && scope.split(' ').some((s) => s !== MCP_OAUTH_SCOPE)) {
    throw new OAuthError('invalid_scope', `The only scope is ${MCP_OAUTH_SCOPE}`);
  }
  const hashedToken = hashSecret(presented);
  const rotation = await ctx.store.write(async (trx): Promise<Rotation> => {
    const row = await selectRefreshTokenWithGrant(trx, hashedToken);
    if (row === undefined || row.clientId !== client.id) {
      return { ok: false, description: 'The refresh token is unknown, or was issued to another client' };
    }
    const now = ctx.now();
    if (!(await claimRefreshToken(trx, hashedToken, now))) {
      await revokeGrant(trx, row.grantId, now);
      return { ok: false, description: 'The refresh token was already used; its grant is revoked' };
    }
    if (row.revokedAt !== null) return { ok: false, description: 'The grant was revoked' };
    if (row.userStatus !== 'ACTIVE') return { ok: false, description: 'The user who approved is not active' };
    if (Date.parse(row.expiresAt) <= Date.parse(now)) {
      return { ok: false, description: 'The refresh token has expired' };
    }
    const grant: GrantFacts = {
      grantId: row.grantId,
      clientId: client.id,
      userId: row.userId,
      projectId: row.projectId,
      platformId: row.platformId,
    };
    await touchGrant(trx, row.grantId, now);
    return { ok: true, grant, refreshToken: await storeRefreshToken(trx, grant, now) };
  });
  if (!rotation.ok) throw new OAuthError('invalid_grant', rotation.description);
  return tokenResponse(ctx, rotation.grant, rotation.refreshToken);
}
