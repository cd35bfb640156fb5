/**
 * The discovery documents MCP clients read first: the authorization server's metadata
 * (RFC 8414, at `/.well-known/oauth-authorization-server`) and the MCP endpoint's protected
 * resource metadata (RFC 9728, at `/.well-known/oauth-protected-resource/mcp`). Every URL is
 * absolute on the server's public URL.
 */
import { MCP_OAUTH_SCOPE, MCP_PATHS, TokenEndpointAuthMethod } from '@piecework/shared';
import { mcpIssuer, mcpResourceUrl } from './mcp-access-tokens';

/** The authorization server metadata of the server at `publicUrl` (ends with `/`). */
export function authorizationServerMetadata(publicUrl: string): Record<string, unknown> {
  const at = (path: string) => new URL(path.slice(1), publicUrl).toString();
  const authMethods = [...TokenEndpointAuthMethod.options];
  return {
    issuer: mcpIssuer(publicUrl),
    authorization_endpoint: at(MCP_PATHS.authorize),
    token_endpoint: at(MCP_PATHS.token),
    registration_endpoint: at(MCP_PATHS.register),
    revocation_endpoint: at(MCP_PATHS.revoke),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    scopes_supported: [MCP_OAUTH_SCOPE],
    authorization_response_iss_parameter_supported: true,
  };
}

/** The protected resource metadata of the MCP endpoint of the server at `publicUrl`. */
export function protectedResourceMetadata(publicUrl: string): Record<string, unknown> {
  return {
    resource: mcpResourceUrl(publicUrl),
    authorization_servers: [mcpIssuer(publicUrl)],
    scopes_supported: [MCP_OAUTH_SCOPE],
    bearer_methods_supported: ['header'],
  };
}
