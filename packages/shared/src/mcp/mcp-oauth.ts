import { z } from 'zod';

/**
 * How an MCP OAuth client authenticates at /token and /revoke. `client_secret_basic`
 * (confidential; the default when omitted at /register) presents its client_secret in the body or
 * an `Authorization: Basic` header; `none` is a public client.
 */
export const TokenEndpointAuthMethod = z.enum(['client_secret_basic', 'none']);
export type TokenEndpointAuthMethod = z.infer<typeof TokenEndpointAuthMethod>;

/**
 * Body of `POST /register` (RFC 7591 dynamic client registration). Only
 * `token_endpoint_auth_method` is fixed by the spec (default client_secret_basic); the other
 * RFC 7591 metadata is kept as sent.
 */
export const McpClientRegistrationRequest = z.looseObject({
  token_endpoint_auth_method: TokenEndpointAuthMethod.default('client_secret_basic'),
  redirect_uris: z.array(z.string()).optional(),
  client_name: z.string().optional(),
});
export type McpClientRegistrationRequest = z.infer<typeof McpClientRegistrationRequest>;

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

/** An OAuth error answer (RFC 6749 §5.2), e.g. `{error: 'invalid_client'}` with HTTP 400. */
export const OAuthErrorBody = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
export type OAuthErrorBody = z.infer<typeof OAuthErrorBody>;
