/**
 * Client authentication at `/token` and `/revoke` (RFC 6749 §2.3.1): the client presents
 * its id and secret in an `Authorization: Basic` header (each part form-url-decoded) or as
 * `client_id` / `client_secret` body parameters, never both ways at once (`invalid_request`).
 * A confidential client (registered `client_secret_basic` or `client_secret_post`) may use either
 * way; one that omits its secret is 400 `invalid_client`. A public client (`none`) sends
 * its `client_id` only. No client identity at all is 400 `invalid_client` (at /revoke too). An
 * unknown client or a wrong secret is `invalid_client`: 401 with `WWW-Authenticate: Basic` when
 * the client tried the header, else 400.
 */
import type { ServerContext } from '../../server-context';
import { findMcpOAuthClient, isConfidential, type McpOAuthClient } from './mcp-oauth-clients';
import { invalidOAuthRequest, OAuthError } from './oauth-error';
import type { OAuthParams } from './oauth-params';
import { secretMatches } from './oauth-secrets';

/** The client a request authenticated as. */
export async function authenticateClient(
  ctx: Pick<ServerContext, 'store'>,
  authorization: string | undefined,
  params: OAuthParams,
): Promise<McpOAuthClient> {
  const basic = basicCredentials(authorization);
  const bodyId = params.get('client_id');
  const bodySecret = params.get('client_secret');
  if (basic !== undefined && bodySecret !== undefined) {
    throw invalidOAuthRequest('Send the client secret in the Authorization header or the body, not both');
  }
  if (basic !== undefined && bodyId !== undefined && bodyId !== basic.id) {
    throw invalidOAuthRequest('The client_id of the body differs from the one of the Authorization header');
  }
  const clientId = basic?.id ?? bodyId;
  const secret = basic === undefined ? bodySecret : basic.secret === '' ? undefined : basic.secret;
  const refused = (description: string) =>
    basic === undefined
      ? new OAuthError('invalid_client', description)
      : new OAuthError('invalid_client', description, 401, { 'www-authenticate': 'Basic realm="mcp"' });
  if (clientId === undefined) {
    throw new OAuthError(
      'invalid_client',
      'Identify the client: client_id, or an Authorization: Basic header',
    );
  }
  const client = await findMcpOAuthClient(ctx.store.db, clientId);
  if (client === undefined) throw refused('Unknown client');
  if (!isConfidential(client)) {
    if (secret !== undefined) throw refused('This client is public: it has no client_secret');
    return client;
  }
  if (secret === undefined) {
    throw new OAuthError('invalid_client', 'This client is confidential: present its client_secret');
  }
  if (client.hashedSecret === null || !secretMatches(secret, client.hashedSecret)) {
    throw refused('The client_secret is wrong');
  }
  return client;
}

/** The id and secret of an `Authorization: Basic` header; undefined for no header or another scheme. */
function basicCredentials(authorization: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S*)\s*$/i.exec(authorization ?? '');
  if (match === null) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const id = colon < 0 ? undefined : formDecode(decoded.slice(0, colon));
  const secret = colon < 0 ? undefined : formDecode(decoded.slice(colon + 1));
  if (id === undefined || secret === undefined || id === '') {
    throw new OAuthError('invalid_client', 'The Authorization: Basic header is malformed', 401, {
      'www-authenticate': 'Basic realm="mcp"',
    });
  }
  return { id, secret };
}

/** `application/x-www-form-urlencoded` decoding of one value (RFC 6749 §2.3.1); undefined if malformed. */
function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}
