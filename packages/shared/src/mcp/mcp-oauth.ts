import { z } from 'zod';

/**
 * How an MCP OAuth client authenticates at /token and /revoke. `client_secret_basic`
 * (confidential; the default when omitted at /register) presents its client_secret in an
 * `Authorization: Basic` header or the body; `client_secret_post` (RFC 7591) in the body;
 * `none` is a public client (PKCE only).
 */
export const TokenEndpointAuthMethod = z.enum(['client_secret_basic', 'client_secret_post', 'none']);
export type TokenEndpointAuthMethod = z.infer<typeof TokenEndpointAuthMethod>;

/** The one scope MCP OAuth tokens carry. */
export const MCP_OAUTH_SCOPE = 'mcp';

/**
 * Body of `POST /register` (RFC 7591 dynamic client registration). Only
 * `token_endpoint_auth_method` has fixed values (default client_secret_basic); the server
 * checks `redirect_uris` itself (see `mcp-redirect-uri.ts`) so that each refusal names its reason.
 */
export const McpClientRegistrationRequest = z.looseObject({
  token_endpoint_auth_method: z.string().optional(),
  redirect_uris: z.array(z.string()).optional(),
  client_name: z.string().optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  scope: z.string().optional(),
});
export type McpClientRegistrationRequest = z.infer<typeof McpClientRegistrationRequest>;

/** Answer of `POST /register` (201): the client's metadata; `client_secret` for confidential clients only. */
export const McpClientRegistration = z.object({
  client_id: z.string(),
  client_secret: z.string().optional(),
  client_id_issued_at: z.number().int(),
  client_secret_expires_at: z.number().int().optional(),
  client_name: z.string().optional(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: TokenEndpointAuthMethod,
  scope: z.string(),
});
export type McpClientRegistration = z.infer<typeof McpClientRegistration>;

/**
 * Body of `POST /revoke` (RFC 7009): the token and the client identity. `client_id` may instead
 * come from an `Authorization: Basic` header, so the schema leaves it optional; with neither the
 * server answers 400 `invalid_client`. A confidential client also presents its client_secret.
 */
export const McpRevokeRequest = z.looseObject({
  token: z.string().min(1),
  client_id: z.string().min(1).optional(),
  client_secret: z.string().optional(),
  token_type_hint: z.string().optional(),
});
export type McpRevokeRequest = z.infer<typeof McpRevokeRequest>;

/** Answer of `POST /token` (RFC 6749 §5.1). */
export const McpTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  scope: z.string(),
});
export type McpTokenResponse = z.infer<typeof McpTokenResponse>;

/** An OAuth error answer (RFC 6749 §5.2), e.g. `{error: 'invalid_client'}` with HTTP 400. */
export const OAuthErrorBody = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;

/**
 * The paths of the MCP authorization server and MCP endpoint, at the domain root (outside
 * `/api`); `consentPage` is the web app's page `/authorize` redirects the browser to.
 */
export const MCP_PATHS = {
  authorizationServerMetadata: '/.well-known/oauth-authorization-server',
  protectedResourceMetadata: '/.well-known/oauth-protected-resource/mcp',
  register: '/register',
  authorize: '/authorize',
  token: '/token',
  revoke: '/revoke',
  mcp: '/mcp',
  consentPage: '/mcp-authorize',
} as const;
