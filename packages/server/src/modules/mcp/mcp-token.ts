/**
 * The project MCP token: `mcp_` + 48 random bytes (base64url). It never starts with `sk-`, so it
 * can never be read as an API key; it is stored as its SHA-256 (hex) for lookup and sealed for
 * showing on the project's MCP page.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The prefix every project MCP token starts with. */
export const MCP_TOKEN_PREFIX = 'mcp_';

/** A new project MCP token. */
export function newMcpToken(): string {
  return `${MCP_TOKEN_PREFIX}${randomBytes(48).toString('base64url')}`;
}

/** The lookup hash of a project MCP token (SHA-256, hex). */
export function hashMcpToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
