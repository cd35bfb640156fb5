/**
 * Dynamic client registration (`POST /register`, RFC 7591): checks the client's metadata and
 * records it. Redirect URIs follow `mcp-redirect-uri.ts` (a refusal is `invalid_redirect_uri`
 * naming the URI and its problem); any other bad field is `invalid_client_metadata`.
 * `token_endpoint_auth_method` omitted is `client_secret_basic`: a confidential client,
 * answered its `client_secret` once (stored as its SHA-256 only); `client_secret_post` is
 * confidential too; `none` is a public client without secret.
 */
import {
  generateId,
  MCP_OAUTH_SCOPE,
  TokenEndpointAuthMethod,
  type McpClientRegistration,
} from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { toJson } from '../../infrastructure/storage/json-column';
import { insertClient } from './mcp-client-repository';
import { MAX_REDIRECT_URIS, redirectUriProblem } from './mcp-redirect-uri';
import { OAuthError } from './oauth-error';
import { hashSecret, newSecret } from './oauth-secrets';

/** The grant types a client may register (and the default). */
export const SUPPORTED_GRANT_TYPES: readonly string[] = ['authorization_code', 'refresh_token'];

/** The longest `client_name` accepted. */
export const MAX_CLIENT_NAME_LENGTH = 200;

/** Checks the registration `body` (parsed JSON) and records the client; answers its registration. */
export async function registerClient(
  ctx: Pick<ServerContext, 'store' | 'now'>,
  body: unknown,
): Promise<McpClientRegistration> {
  const metadata = checkMetadata(body);
  const secret = metadata.authMethod === 'none' ? undefined : newSecret();
  const now = ctx.now();
  const id = generateId();
  await ctx.store.write((trx) =>
    insertClient(trx, {
      id,
      clientName: metadata.clientName ?? null,
      redirectUris: toJson(metadata.redirectUris),
      grantTypes: toJson(metadata.grantTypes),
      responseTypes: toJson(['code']),
      tokenEndpointAuthMethod: metadata.authMethod,
      hashedSecret: secret === undefined ? null : hashSecret(secret),
      created: now,
      updated: now,
    }),
  );
  return {
    client_id: id,
    ...(secret === undefined ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
    client_id_issued_at: Math.floor(Date.parse(now) / 1000),
    ...(metadata.clientName === undefined ? {} : { client_name: metadata.clientName }),
    redirect_uris: metadata.redirectUris,
    grant_types: metadata.grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: metadata.authMethod,
    scope: MCP_OAUTH_SCOPE,
  };
}

interface CheckedMetadata {
  redirectUris: string[];
  grantTypes: string[];
  authMethod: TokenEndpointAuthMethod;
  clientName: string | undefined;
}

function badMetadata(description: string): OAuthError {
  return new OAuthError('invalid_client_metadata', description);
}

function checkMetadata(body: unknown): CheckedMetadata {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new OAuthError('invalid_request', 'Send the client metadata as a JSON object');
  }
  const fields = body as Record<string, unknown>;
  checkResponseTypes(fields['response_types']);
  checkScope(fields['scope']);
  return {
    redirectUris: checkRedirectUris(fields['redirect_uris']),
    authMethod: checkAuthMethod(fields['token_endpoint_auth_method']),
    grantTypes: checkGrantTypes(fields['grant_types']),
    clientName: checkClientName(fields['client_name']),
  };
}

function checkRedirectUris(value: unknown): string[] {
  if (value === undefined) throw new OAuthError('invalid_redirect_uri', 'redirect_uris is required');
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_REDIRECT_URIS) {
    throw new OAuthError(
      'invalid_redirect_uri',
      `redirect_uris must be a list of 1 to ${String(MAX_REDIRECT_URIS)} URIs`,
    );
  }
  for (const uri of value) {
    if (typeof uri !== 'string')
      throw new OAuthError('invalid_redirect_uri', 'Each redirect URI must be a string');
    const problem = redirectUriProblem(uri);
    if (problem !== undefined) {
      const shown = uri.length > 100 ? `${uri.slice(0, 100)}…` : uri;
      throw new OAuthError('invalid_redirect_uri', `The redirect URI ${shown} ${problem}`);
    }
  }
  return [...new Set(value as string[])];
}

function checkAuthMethod(value: unknown): TokenEndpointAuthMethod {
  if (value === undefined || value === null) return 'client_secret_basic';
  const method = TokenEndpointAuthMethod.safeParse(value);
  if (!method.success) {
    throw badMetadata(
      `token_endpoint_auth_method must be one of ${TokenEndpointAuthMethod.options.join(', ')}`,
    );
  }
  return method.data;
}

function checkGrantTypes(value: unknown): string[] {
  if (value === undefined || value === null) return [...SUPPORTED_GRANT_TYPES];
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((g) => !SUPPORTED_GRANT_TYPES.includes(g as string))
  ) {
    throw badMetadata(`grant_types must be a non-empty subset of ${SUPPORTED_GRANT_TYPES.join(', ')}`);
  }
  if (!value.includes('authorization_code')) {
    throw badMetadata('grant_types must include authorization_code (the only way to get a first token)');
  }
  return [...new Set(value as string[])];
}

function checkClientName(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > MAX_CLIENT_NAME_LENGTH) {
    throw badMetadata(`client_name must be a string of at most ${String(MAX_CLIENT_NAME_LENGTH)} characters`);
  }
  return value.trim() === '' ? undefined : value;
}

function checkResponseTypes(value: unknown): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value) || value.some((type) => type !== 'code')) {
    throw badMetadata('response_types may only hold code');
  }
}

function checkScope(value: unknown): void {
  if (value !== undefined && value !== null && value !== MCP_OAUTH_SCOPE) {
    throw badMetadata(`scope must be ${MCP_OAUTH_SCOPE}`);
  }
}
