/**
 * `GET /authorize` (RFC 6749 §4.1.1 with PKCE, RFC 7636; RFC 9207; RFC 8707): checks the request
 * and sends the browser to the web app's consent page with a signed `authRequestId`.
 *
 * Until the redirect URI is trusted (a known `client_id` and a `redirect_uri` equal, as a string,
 * to one the client registered), an error is answered here as 400 JSON and never redirected
 * (RFC 6749 §4.1.2.1). After that, errors go back to the client's redirect URI with `error`,
 * `error_description`, `state` and `iss`: `response_type` other than `code` is
 * `unsupported_response_type`; a missing or malformed `code_challenge`, or a method other than
 * `S256` (`plain` included: no PKCE downgrade) is `invalid_request`; a scope other than `mcp` is
 * `invalid_scope`; a `resource` other than this server's MCP endpoint is `invalid_target`.
 */
import { MCP_OAUTH_SCOPE, MCP_PATHS } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { mcpIssuer, mcpResourceUrl } from './mcp-access-tokens';
import { mcpAuthRequestsOf } from './mcp-auth-requests';
import { findMcpOAuthClient } from './mcp-oauth-clients';
import { invalidOAuthRequest, OAuthError, type OAuthErrorCode } from './oauth-error';
import type { OAuthParams } from './oauth-params';
import { PKCE_VALUE } from './oauth-secrets';

/** The longest `state` carried through (it travels inside the signed auth request). */
export const MAX_STATE_LENGTH = 2000;

/** Where to send the browser for the `/authorize` request `params`: the consent page, or the client with an error. */
export async function authorizeLocation(
  ctx: Pick<ServerContext, 'store' | 'settings'>,
  params: OAuthParams,
): Promise<string> {
  const clientId = params.get('client_id');
  if (clientId === undefined) throw invalidOAuthRequest('client_id is required');
  const client = await findMcpOAuthClient(ctx.store.db, clientId);
  if (client === undefined) throw new OAuthError('invalid_client', 'Unknown client_id');
  const redirectUri = params.get('redirect_uri');
  if (redirectUri === undefined) throw invalidOAuthRequest('redirect_uri is required');
  if (!client.redirectUris.includes(redirectUri)) {
    throw invalidOAuthRequest('redirect_uri is not one of the redirect URIs this client registered');
  }
  const { publicUrl } = ctx.settings;
  const state = params.get('state');
  const back = (error: OAuthErrorCode, description: string) =>
    authorizationResponseUrl(redirectUri, publicUrl, { error, error_description: description, state });

  if (state !== undefined && state.length > MAX_STATE_LENGTH) {
    return back('invalid_request', `state is longer than ${String(MAX_STATE_LENGTH)} characters`);
  }
  const responseType = params.get('response_type');
  if (responseType === undefined) return back('invalid_request', 'response_type is required');
  if (responseType !== 'code')
    return back('unsupported_response_type', 'Only response_type=code is supported');
  const codeChallenge = params.get('code_challenge');
  if (codeChallenge === undefined) return back('invalid_request', 'code_challenge is required (PKCE)');
  if (params.get('code_challenge_method') !== 'S256') {
    return back('invalid_request', 'code_challenge_method must be S256');
  }
  if (!PKCE_VALUE.test(codeChallenge)) {
    return back('invalid_request', 'code_challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  }
  const scope = params.get('scope');
  if (scope !== undefined && scope.split(' ').some((s) => s !== MCP_OAUTH_SCOPE)) {
    return back('invalid_scope', `The only scope is ${MCP_OAUTH_SCOPE}`);
  }
  const resource = params.get('resource');
  if (resource !== undefined && resource !== mcpResourceUrl(publicUrl)) {
    return back('invalid_target', `resource must be ${mcpResourceUrl(publicUrl)}`);
  }
  const authRequestId = await mcpAuthRequestsOf(ctx.settings).sign({
    clientId,
    redirectUri,
    codeChallenge,
    state,
    scopes: [MCP_OAUTH_SCOPE],
    resource,
  });
  const consent = new URL(MCP_PATHS.consentPage.slice(1), publicUrl);
  consent.searchParams.set('authRequestId', authRequestId);
  return consent.toString();
}

/**
 * The client's `redirectUri` with the authorization response `fields` (undefined ones left out)
 * and `iss` (RFC 9207) added to its query.
 */
export function authorizationResponseUrl(
  redirectUri: string,
  publicUrl: string,
  fields: Readonly<Record<string, string | undefined>>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  url.searchParams.append('iss', mcpIssuer(publicUrl));
  return url.toString();
}
