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
 * The behaviour is in `mcp-consent-service.ts`.
 */
import { ENDPOINTS, PieceworkError } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { authorizationResponseUrl } from './authorize-request';
import {
  checkedAuthRequest,
  disconnectGrant,
  listProjectGrants,
  storeAuthorizationCode,
  type McpConsentDependencies,
} from './mcp-consent-service';
import { newSecret } from './oauth-secrets';

/** The consent and connected-clients routes. */
export function mcpOAuthRoutes(ctx: McpConsentDependencies): RouteDefinition[] {
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
        await storeAuthorizationCode(ctx, { code, request, client, userId: principal.id, project });
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
      handler: async ({ project }) => ({
        data: await listProjectGrants(ctx, project.id),
        next: null,
        previous: null,
      }),
    }),
    route(ENDPOINTS.mcpOAuth.revokeGrant, {
      handler: async ({ params, project }) => {
        await disconnectGrant(ctx, project.id, params.id);
        return undefined;
      },
    }),
  ];
}
