/**
 * What a successful `/token` answers (RFC 6749 §5.1): a fresh access token of the grant
 * (`ctx.mcpAccessTokens`, 15 minutes) and the refresh token just stored for it
 * ({@link storeRefreshToken}: 48 random bytes, kept as SHA-256, valid {@link REFRESH_TOKEN_DAYS}).
 */
import { MCP_OAUTH_SCOPE, type McpTokenResponse } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { MCP_ACCESS_TOKEN_SECONDS } from './mcp-access-tokens';
import { insertRefreshToken } from './mcp-client-repository';
import { hashSecret, newSecret, REFRESH_TOKEN_BYTES } from './oauth-secrets';

/** How long a refresh token lives, in days (each rotation starts a new one). */
export const REFRESH_TOKEN_DAYS = 30;

/** The grant facts an access token names. */
export interface GrantFacts {
  readonly grantId: string;
  readonly clientId: string;
  readonly userId: string;
  readonly projectId: string;
  readonly platformId: string;
}

/** Stores a new refresh token of `grant` in `trx` and answers it (the only time it exists in clear). */
export async function storeRefreshToken(
  trx: Kysely<Database>,
  grant: Pick<GrantFacts, 'grantId' | 'clientId'>,
  now: string,
): Promise<string> {
  const token = newSecret(REFRESH_TOKEN_BYTES);
  await insertRefreshToken(trx, {
    hashedToken: hashSecret(token),
    grantId: grant.grantId,
    clientId: grant.clientId,
    expiresAt: new Date(Date.parse(now) + REFRESH_TOKEN_DAYS * 86_400_000).toISOString(),
    usedAt: null,
    created: now,
  });
  return token;
}

/** The token answer for `grant` with `refreshToken`. */
export async function tokenResponse(
  ctx: Pick<ServerContext, 'mcpAccessTokens'>,
  grant: GrantFacts,
  refreshToken: string,
): Promise<McpTokenResponse> {
  const accessToken = await ctx.mcpAccessTokens.issue({ ...grant, scopes: [MCP_OAUTH_SCOPE] });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: MCP_ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    scope: MCP_OAUTH_SCOPE,
  };
}
