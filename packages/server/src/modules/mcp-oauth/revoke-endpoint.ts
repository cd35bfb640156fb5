/**
 * `POST /revoke` (RFC 7009). The client identifies itself (no identity: 400 `invalid_client`)
 * and a confidential one authenticates, as at `/token`; `token` is required. The token is
 * looked up both as a refresh token and as an access token whatever `token_type_hint` says (a
 * hint never narrows the search). Either kind, when it is this client's, revokes its grant: the
 * whole token family. An access token is a self-contained JWT that cannot be revoked alone, so
 * revoking one ends its grant; the next `/mcp` call with any token of the family is 401, since
 * `verifyMcpAccessToken` checks the grant on every call. An unknown or invalid token, or another
 * client's, revokes nothing and is answered like success (RFC 7009 §2.2): 200 `{}`.
 */
import type { ServerContext } from '../../server-context';
import { authenticateClient } from './authenticate-client';
import { invalidOAuthRequest } from './oauth-error';
import type { OAuthParams } from './oauth-params';
import { selectRefreshTokenGrant } from './mcp-client-repository';
import { hashSecret } from './oauth-secrets';
import { revokeGrant } from './revoke-grant';

/** Revokes the grant of the token of `params` when it is the authenticated client's. */
export async function revokeEndpoint(
  ctx: Pick<ServerContext, 'store' | 'now' | 'mcpAccessTokens'>,
  authorization: string | undefined,
  params: OAuthParams,
): Promise<Record<string, never>> {
  const client = await authenticateClient(ctx, authorization, params);
  const token = params.get('token');
  if (token === undefined) throw invalidOAuthRequest('token is required');
  const refresh = await selectRefreshTokenGrant(ctx.store.db, hashSecret(token));
  const access = refresh === undefined ? await ctx.mcpAccessTokens.verify(token) : null;
  const grantId =
    refresh !== undefined && refresh.clientId === client.id
      ? refresh.grantId
      : access !== null && access.clientId === client.id
        ? access.grantId
        : undefined;
  if (grantId !== undefined) {
    await ctx.store.write((trx) => revokeGrant(trx, grantId, ctx.now(), client.id));
  }
  return {};
}
