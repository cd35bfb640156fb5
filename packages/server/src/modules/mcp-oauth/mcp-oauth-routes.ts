/**
 * The consent page's calls and a project's connected OAuth clients (`ENDPOINTS.mcpOAuth`):
 * - `authRequest` shows what a pending `authRequestId` asks (400 VALIDATION when it is invalid or
 *   expired, or its client or redirect URI is gone);
 * - `approve` (READ_MCP on the project, checked by the access check; users only: an API key is
 *   403 AUTHORIZATION, as no person consented) stores a 10-minute single-use code (hashed) bound to
 *   the client, user, project, redirect URI and PKCE challenge, and answers the redirect URI with
 *   `code`, `state` and `iss`;
 * - `deny` answers the redirect URI with `error=access_denied`, `state` and `iss`;
 * - `listGrants` lists the project's live grants, newest first; `revokeGrant` ("Disconnect")
 *   revokes one: its refresh and access tokens stop working at once (`revoke-grant.ts`).
 */
import { ENDPOINTS, PieceworkError, type McpOAuthGrant } from '@piecework/shared';
import { invalidRequest, notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { toJson } from '../../infrastructure/storage/json-column';
import { authorizationResponseUrl } from './authorize-request';
import { mcpAuthRequestsOf, type VerifiedMcpAuthRequest } from './mcp-auth-requests';
import { findMcpOAuthClient, type McpOAuthClient } from './mcp-oauth-clients';
import { hashSecret, newSecret } from './oauth-secrets';
import { revokeGrant } from './revoke-grant';

/** How long an authorization code lives, in ms. */
export const AUTHORIZATION_CODE_MS = 10 * 60_000;

/** The consent and connected-clients routes. */
export function mcpOAuthRoutes(ctx: ServerContext): RouteDefinition[] {
  const pending = async (authRequestId: string) => checkedAuthRequest(ctx, authRequestId);
  return [
    route(ENDPOINTS.mcpOAuth.authRequest, {
      handler: async ({ query }) => {
        const { request, client } = await pending(query.authRequestId);
        return {
          clientId: client.id,
          clientName: client.clientName,
          redirectUri: request.redirectUri,
          scopes: [...request.scopes],
          expiresAt: request.expiresAt,
        };
      },
    }),
    route(ENDPOINTS.mcpOAuth.approve, {
      handler: async ({ body, principal, project }) => {
        if (principal.type !== 'USER') {
          throw new PieceworkError('AUTHORIZATION', {
            message: 'Only a signed-in user may approve an MCP client',
          });
        }
        const { request, client } = await pending(body.authRequestId);
        const code = newSecret();
        const now = ctx.now();
        await ctx.store.write((trx) =>
          trx
            .insertInto('mcpOAuthCode')
            .values({
              hashedCode: hashSecret(code),
              clientId: client.id,
              userId: principal.id,
              projectId: project.id,
              platformId: project.platformId,
              redirectUri: request.redirectUri,
              codeChallenge: request.codeChallenge,
              scopes: toJson(request.scopes),
              expiresAt: new Date(Date.parse(now) + AUTHORIZATION_CODE_MS).toISOString(),
              usedAt: null,
              grantId: null,
              created: now,
            })
            .execute(),
        );
        return {
          redirectUrl: authorizationResponseUrl(request.redirectUri, ctx.settings.publicUrl, {
            code,
            state: request.state,
          }),
        };
      },
    }),
    route(ENDPOINTS.mcpOAuth.deny, {
      handler: async ({ body }) => {
        const { request } = await pending(body.authRequestId);
        return {
          redirectUrl: authorizationResponseUrl(request.redirectUri, ctx.settings.publicUrl, {
            error: 'access_denied',
            error_description: 'The user denied access',
            state: request.state,
          }),
        };
      },
    }),
    route(ENDPOINTS.mcpOAuth.listGrants, {
      handler: async ({ project }) => {
        const rows = await ctx.store.db
          .selectFrom('mcpOAuthGrant')
          .innerJoin('mcpOAuthClient', 'mcpOAuthClient.id', 'mcpOAuthGrant.clientId')
          .leftJoin('user', 'user.id', 'mcpOAuthGrant.userId')
          .selectAll('mcpOAuthGrant')
          .select(['mcpOAuthClient.clientName', 'user.email as userEmail'])
          .where('mcpOAuthGrant.projectId', '=', project.id)
          .where('mcpOAuthGrant.revokedAt', 'is', null)
          .orderBy('mcpOAuthGrant.created', 'desc')
          .orderBy('mcpOAuthGrant.id', 'desc')
          .execute();
        const data: McpOAuthGrant[] = rows.map((row) => ({
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
        return { data, next: null, previous: null };
      },
    }),
    route(ENDPOINTS.mcpOAuth.revokeGrant, {
      handler: async ({ params, project }) => {
        const grant = await ctx.store.db
          .selectFrom('mcpOAuthGrant')
          .select('clientId')
          .where('id', '=', params.id)
          .where('projectId', '=', project.id)
          .executeTakeFirst();
        if (grant === undefined) throw notFound('mcpOAuthGrant', params.id);
        await ctx.store.write((trx) => revokeGrant(trx, params.id, ctx.now(), grant.clientId));
        return undefined;
      },
    }),
  ];
}

/** The verified auth request `authRequestId` and its client; 400 VALIDATION when it cannot be used. */
async function checkedAuthRequest(
  ctx: ServerContext,
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
