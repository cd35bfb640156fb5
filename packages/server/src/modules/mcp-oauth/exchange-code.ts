/**
 * The `authorization_code` grant at `/token` (RFC 6749 §4.1.3, RFC 7636 §4.5-4.6): the code must be
 * this client's, unexpired (10 minutes) and unused, the `redirect_uri` the one it was issued for,
 * and BASE64URL(SHA256(code_verifier)) its challenge; anything else is `invalid_grant`. A code is
 * used once, whatever the outcome: it is marked used by one conditional UPDATE whose row count
 * says who got it (atomic on SQLite and PostgreSQL alike). A code presented again revokes the
 * grant its first exchange made (RFC 6749 §4.1.2, OAuth 2.1 §4.1.3). Success makes the grant (the
 * token family) and its first refresh token in the same transaction.
 */
import { generateId, type McpTokenResponse } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import {
  claimCode,
  insertGrant,
  selectCodeGrantId,
  selectCodeWithUser,
  setCodeGrant,
} from './mcp-grant-repository';
import type { McpOAuthClient } from './mcp-oauth-clients';
import { invalidOAuthRequest, OAuthError } from './oauth-error';
import type { OAuthParams } from './oauth-params';
import { hashSecret, PKCE_VALUE, s256Challenge } from './oauth-secrets';
import { revokeGrant } from './revoke-grant';
import { storeRefreshToken, tokenResponse, type GrantFacts } from './token-response';

type Exchange = { ok: true; grant: GrantFacts; refreshToken: string } | { ok: false; description: string };

/** Exchanges the code of `params` for the first tokens of a new grant. */
export async function exchangeCode(
  ctx: Pick<ServerContext, 'store' | 'now' | 'mcpAccessTokens'>,
  client: McpOAuthClient,
  params: OAuthParams,
): Promise<McpTokenResponse> {
  const code = params.get('code');
  const redirectUri = params.get('redirect_uri');
  const verifier = params.get('code_verifier');
  if (code === undefined) throw invalidOAuthRequest('code is required');
  if (redirectUri === undefined) throw invalidOAuthRequest('redirect_uri is required');
  if (verifier === undefined) throw invalidOAuthRequest('code_verifier is required (PKCE)');
  const hashedCode = hashSecret(code);
  const row = await selectCodeWithUser(ctx.store.db, hashedCode);
  if (row === undefined || row.clientId !== client.id) {
    throw new OAuthError('invalid_grant', 'The code is unknown, or was issued to another client');
  }
  const exchange = await ctx.store.write(async (trx): Promise<Exchange> => {
    const now = ctx.now();
    if (!(await claimCode(trx, hashedCode, now))) {
      const used = await selectCodeGrantId(trx, hashedCode);
      if (used?.grantId != null) await revokeGrant(trx, used.grantId, now);
      return { ok: false, description: 'The code was already used; the tokens issued for it are revoked' };
    }
    if (Date.parse(row.expiresAt) <= Date.parse(now))
      return { ok: false, description: 'The code has expired' };
    if (row.redirectUri !== redirectUri) {
      return { ok: false, description: 'redirect_uri differs from the one the code was issued for' };
    }
    if (!PKCE_VALUE.test(verifier) || s256Challenge(verifier) !== row.codeChallenge) {
      return { ok: false, description: 'code_verifier does not match the code_challenge' };
    }
    if (row.userStatus !== 'ACTIVE') return { ok: false, description: 'The user who approved is not active' };
    const grant: GrantFacts = {
      grantId: generateId(),
      clientId: client.id,
      userId: row.userId,
      projectId: row.projectId,
      platformId: row.platformId,
    };
    await insertGrant(trx, {
      id: grant.grantId,
      clientId: grant.clientId,
      userId: grant.userId,
      projectId: grant.projectId,
      platformId: grant.platformId,
      scopes: row.scopes,
      lastUsedAt: null,
      revokedAt: null,
      created: now,
      updated: now,
    });
    await setCodeGrant(trx, hashedCode, grant.grantId);
    return { ok: true, grant, refreshToken: await storeRefreshToken(trx, grant, now) };
  });
  if (!exchange.ok) throw new OAuthError('invalid_grant', exchange.description);
  return tokenResponse(ctx, exchange.grant, exchange.refreshToken);
}
