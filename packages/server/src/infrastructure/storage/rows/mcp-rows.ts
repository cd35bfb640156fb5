/**
 * The rows of the MCP tables: project MCP servers and the MCP OAuth clients, grants, codes and refresh tokens.
 * Column conventions: see `../database.ts`.
 */
import type { JsonText, Timestamp, Timestamps } from './column-types';

/** `mcpServer`: a project's MCP server; the project MCP token hashed (lookup) and sealed (showing). */
export interface McpServerTable extends Timestamps {
  id: string;
  projectId: string;
  platformId: string;
  /** `ENABLED` or `DISABLED`. */
  status: string;
  /** SHA-256 (hex) of the project MCP token. */
  hashedToken: string;
  /** The token sealed by the secret box (shown on the project's MCP page). */
  sealedToken: string;
}

/** `mcpOAuthClient`: an OAuth client registered at `/register` (RFC 7591). */
export interface McpOAuthClientTable extends Timestamps {
  /** The `client_id`. */
  id: string;
  clientName: string | null;
  redirectUris: JsonText;
  grantTypes: JsonText;
  responseTypes: JsonText;
  /** `client_secret_basic`, `client_secret_post` or `none`, as registered (a client keeps it for life). */
  tokenEndpointAuthMethod: string;
  /** SHA-256 (hex) of the client secret; null for public clients. */
  hashedSecret: string | null;
}

/** `mcpOAuthGrant`: one approval of a client by a user for a project; the family of its tokens. */
export interface McpOAuthGrantTable extends Timestamps {
  id: string;
  clientId: string;
  userId: string;
  projectId: string;
  platformId: string;
  scopes: JsonText;
  lastUsedAt: Timestamp | null;
  /** Set when the family is revoked: its refresh and access tokens stop working at once. */
  revokedAt: Timestamp | null;
}

/** `mcpOAuthCode`: a one-time authorization code (10 minutes), bound to client, redirect URI and PKCE challenge. */
export interface McpOAuthCodeTable {
  hashedCode: string;
  clientId: string;
  userId: string;
  projectId: string;
  platformId: string;
  redirectUri: string;
  /** The S256 `code_challenge`. */
  codeChallenge: string;
  scopes: JsonText;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  /** The grant the first exchange made (a reuse of the code revokes it). */
  grantId: string | null;
  created: Timestamp;
}

/** `mcpOAuthRefreshToken`: a refresh token of a grant, hashed; a used (rotated) one is kept to detect reuse. */
export interface McpOAuthRefreshTokenTable {
  hashedToken: string;
  grantId: string;
  clientId: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  created: Timestamp;
}
