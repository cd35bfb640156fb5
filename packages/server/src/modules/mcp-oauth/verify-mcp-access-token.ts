/**
 * The check `/mcp` runs on an OAuth bearer token: a well-signed, unexpired access token for this
 * resource (`McpAccessTokens.verify`) whose grant is not revoked and names the same client, user
 * and project, of a user who is still ACTIVE. Revoking a grant (a refresh token, an access token,
 * or "Disconnect" on the project's MCP page) therefore ends its access tokens at once, not after
 * their 15 minutes. Records the grant's `lastUsedAt` (at most once a minute).
 */
import type { ServerContext } from '../../server-context';
import type { McpAccessClaims } from './mcp-access-tokens';
import { selectGrantWithUser, setGrantLastUsed } from './mcp-grant-repository';

/** How stale `lastUsedAt` may get before a call refreshes it (avoids a write per call). */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The claims of `token` when it may call `/mcp` now; `null` for anything else. */
export async function verifyMcpAccessToken(
  ctx: Pick<ServerContext, 'store' | 'mcpAccessTokens' | 'now'>,
  token: string,
): Promise<McpAccessClaims | null> {
  const claims = await ctx.mcpAccessTokens.verify(token);
  if (claims === null) return null;
  const grant = await selectGrantWithUser(ctx.store.db, claims.grantId);
  if (
    grant === undefined ||
    grant.revokedAt !== null ||
    grant.userStatus !== 'ACTIVE' ||
    grant.clientId !== claims.clientId ||
    grant.userId !== claims.userId ||
    grant.projectId !== claims.projectId
  ) {
    return null;
  }
  const now = ctx.now();
  if (grant.lastUsedAt === null || Date.parse(now) - Date.parse(grant.lastUsedAt) > LAST_USED_RESOLUTION_MS) {
    await setGrantLastUsed(ctx.store.db, claims.grantId, now);
  }
  return claims;
}
