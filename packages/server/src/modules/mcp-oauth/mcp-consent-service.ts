/**
 * The consent page's behaviour and a project's connected OAuth clients: check a pending auth
 * request, store the single-use code an approval issues, list the project's live grants and
 * revoke one ("Disconnect": its refresh and access tokens stop working at once).
 */
import type { McpOAuthGrant } from '@piecework/shared';
import { invalidRequest, notFound } from '../../infrastructure/errors';
import { toJson } from '../../infrastructure/storage/json-column';
import type { ServerContext } from '../../server-context';
import { mcpAuthRequestsOf, type VerifiedMcpAuthRequest } from './mcp-auth-requests';
import { insertCode, selectProjectGrantClient, selectProjectGrants } from './mcp-grant-repository';
import { findMcpOAuthClient, type McpOAuthClient } from './mcp-oauth-clients';
import { hashSecret } from './oauth-secrets';
import { revokeGrant } from './revoke-grant';

/** What the consent and connected-clients routes and service use of the server context. */
export type McpConsentDependencies = Pick<ServerContext, 'store' | 'now' | 'settings'>;

/** How long an authorization code lives, in ms. */
export const AUTHORIZATION_CODE_MS = 10 * 60_000;

/** The verified auth request `authRequestId` and its client; 400 VALIDATION when it cannot be used. */
export async function checkedAuthRequest(
  ctx: McpConsentDependencies,
  authRequestId: string,
): Promise<{ request: VerifiedMcpAuthRequest; client: McpOAuthClient }> {
  const request = await mcpAuthRequestsOf(ctx.settings).verify(authRequestId);
  if (request === null) {
    throw invalidRequest('The authorization request is invalid or has expired; start again from the client');
  }
  const client = await findMcpOAuthClient(ctx.store.db, request.clientId);
  if (client === undefined || !client.redirectUris.includes(request.redirectUri)) {
    throw invalidRequest('The client of this authorization request is no longer registered');
  }
  return { request, client };
}

/**
 * Stores `code` (hashed), approved by user `userId` on `project`, bound to the request's client,
 * redirect URI and PKCE challenge, for {@link AUTHORIZATION_CODE_MS}.
 */
export async function storeAuthorizationCode(
  ctx: McpConsentDependencies,
  approval: {
    code: string;
    request: VerifiedMcpAuthRequest;
    client: McpOAuthClient;
    userId: string;
    project: { id: string; platformId: string };
  },
): Promise<void> {
  const { code, request, client, userId, project } = approval;
  const now = ctx.now();
  await ctx.store.write((trx) =>
    insertCode(trx, {
      hashedCode: hashSecret(code),
      clientId: client.id,
      userId,
      projectId: project.id,
      platformId: project.platformId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scopes: toJson(request.scopes),
      expiresAt: new Date(Date.parse(now) + AUTHORIZATION_CODE_MS).toISOString(),
      usedAt: null,
      grantId: null,
      created: now,
    }),
  );
}

/** Project `projectId`'s live grants, newest first. */
export async function listProjectGrants(
  ctx: McpConsentDependencies,
  projectId: string,
): Promise<McpOAuthGrant[]> {
  const rows = await selectProjectGrants(ctx.store.db, projectId);
  return rows.map((row) => ({
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    clientId: row.clientId,
    clientName: row.clientName,
    userId: row.userId,
    userEmail: row.userEmail ?? null,
    lastUsedAt: row.lastUsedAt,
  }));
}

/** Revokes grant `grantId` of project `projectId`; 404 when the project has no such grant. */
export async function disconnectGrant(
  ctx: McpConsentDependencies,
  projectId: string,
  grantId: string,
): Promise<void> {
  const grant = await selectProjectGrantClient(ctx.store.db, projectId, grantId);
  if (grant === undefined) throw notFound('mcpOAuthGrant', grantId);
  await ctx.store.write((trx) => revokeGrant(trx, grantId, ctx.now(), grant.clientId));
}
