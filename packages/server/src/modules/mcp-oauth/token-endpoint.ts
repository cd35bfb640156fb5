/**
 * `POST /token` (RFC 6749 §3.2): authenticates the client (`authenticate-client.ts`), then
 * dispatches on `grant_type`: missing is `invalid_request`, neither `authorization_code` nor
 * `refresh_token` is `unsupported_grant_type`, one the client did not register is
 * `unauthorized_client`. A `resource` (RFC 8707), when sent, must be this server's MCP endpoint
 * (`invalid_target`).
 */
import type { McpTokenResponse } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { authenticateClient } from './authenticate-client';
import { exchangeCode } from './exchange-code';
import { mcpResourceUrl } from './mcp-access-tokens';
import { invalidOAuthRequest, OAuthError } from './oauth-error';
import type { OAuthParams } from './oauth-params';
import { refreshTokens } from './refresh-tokens';
import { SUPPORTED_GRANT_TYPES } from './register-client';

/** Answers the token request `params`, sent with the `authorization` header. */
export async function tokenEndpoint(
  ctx: Pick<ServerContext, 'store' | 'now' | 'mcpAccessTokens' | 'settings'>,
  authorization: string | undefined,
  params: OAuthParams,
): Promise<McpTokenResponse> {
  const client = await authenticateClient(ctx, authorization, params);
  const grantType = params.get('grant_type');
  if (grantType === undefined) throw invalidOAuthRequest('grant_type is required');
  if (!SUPPORTED_GRANT_TYPES.includes(grantType)) {
    throw new OAuthError(
      'unsupported_grant_type',
      `grant_type must be ${SUPPORTED_GRANT_TYPES.join(' or ')}`,
    );
  }
  if (!client.grantTypes.includes(grantType)) {
    throw new OAuthError('unauthorized_client', `This client did not register the ${grantType} grant`);
  }
  const resource = params.get('resource');
  if (resource !== undefined && resource !== mcpResourceUrl(ctx.settings.publicUrl)) {
    throw new OAuthError('invalid_target', `resource must be ${mcpResourceUrl(ctx.settings.publicUrl)}`);
  }
  return grantType === 'authorization_code'
    ? exchangeCode(ctx, client, params)
    : refreshTokens(ctx, client, params);
}
