/**
 * Who calls `/mcp`, from its `Authorization: Bearer <token>` header: a project MCP token (looked
 * up by hash) acts as a SERVICE principal confined to its project; an OAuth access token
 * (`verifyMcpAccessToken`: signature, audience, lifetime, grant not revoked, user ACTIVE) acts as
 * the user who approved the client, confined to the grant's project. Nothing else is a caller:
 * session tokens and API keys (`sk-…`) are refused. A project whose MCP server is DISABLED answers
 * no caller at all.
 */
import { PlatformRole } from '@piecework/shared';
import { API_KEY_PREFIX } from '../../infrastructure/auth/api-key-value';
import type { ServerContext } from '../../server-context';
import { verifyMcpAccessToken } from '../mcp-oauth/verify-mcp-access-token';
import type { McpCaller } from './mcp-caller';
import { findPlatformUser } from './mcp-repository';
import { findMcpServerByToken, findMcpServerOfProject } from './mcp-server-service';

/** What resolving a caller uses of the server context: the store, the MCP access tokens and the clock. */
export type McpCallerDependencies = Pick<ServerContext, 'store' | 'mcpAccessTokens' | 'now'>;

/** What the header resolved to: a caller, no valid credential (401), or a disabled server (403). */
export type McpCallerResolution =
  | { readonly kind: 'CALLER'; readonly caller: McpCaller }
  | { readonly kind: 'UNAUTHENTICATED'; readonly tokenSent: boolean }
  | { readonly kind: 'DISABLED'; readonly projectId: string };

/** Resolves the caller of one `/mcp` request from its Authorization header. */
export async function resolveMcpCaller(
  ctx: McpCallerDependencies,
  authorization: string | undefined,
): Promise<McpCallerResolution> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (token === undefined) return { kind: 'UNAUTHENTICATED', tokenSent: authorization !== undefined };
  if (token.startsWith(API_KEY_PREFIX)) return { kind: 'UNAUTHENTICATED', tokenSent: true };
  const server = await findMcpServerByToken(ctx, token);
  if (server !== undefined) {
    if (server.status !== 'ENABLED') return { kind: 'DISABLED', projectId: server.projectId };
    return {
      kind: 'CALLER',
      caller: {
        principal: { type: 'SERVICE', id: server.id, platformId: server.platformId },
        projectId: server.projectId,
        platformId: server.platformId,
        via: 'projectToken',
      },
    };
  }
  return oauthCaller(ctx, token);
}

/** The caller of an OAuth access token: the approving user, on the grant's project. */
async function oauthCaller(ctx: McpCallerDependencies, token: string): Promise<McpCallerResolution> {
  const claims = await verifyMcpAccessToken(ctx, token);
  if (claims === null) return { kind: 'UNAUTHENTICATED', tokenSent: true };
  const [user, server] = await Promise.all([
    findPlatformUser(ctx.store.db, claims.platformId, claims.userId),
    findMcpServerOfProject(ctx, claims.projectId),
  ]);
  if (user === undefined) return { kind: 'UNAUTHENTICATED', tokenSent: true };
  // A project that never opened its MCP page has no row yet: servers are made ENABLED.
  if (server !== undefined && server.status !== 'ENABLED') {
    return { kind: 'DISABLED', projectId: claims.projectId };
  }
  return {
    kind: 'CALLER',
    caller: {
      principal: {
        type: 'USER',
        id: user.id,
        platformId: user.platformId,
        platformRole: PlatformRole.parse(user.platformRole),
        email: user.email,
      },
      projectId: claims.projectId,
      platformId: claims.platformId,
      via: 'oauth',
      grantId: claims.grantId,
    },
  };
}
