/**
 * `generateMcpToken()`: the embedded user's project MCP server, read through the requester (the
 * JWT exchanged through managed-authn as `request()` does): `GET /api/v1/mcp-servers?projectId`.
 * The server makes the project's MCP server on first read.
 */
import type { Requester } from './request';

/** How `generateMcpToken()` resolves: where MCP clients connect and the bearer token they send. */
export interface McpTokenResult {
  mcpServerUrl: string;
  mcpToken: string;
}

/** The project MCP server of the user `requester` signs in; throws when the JWT names no project. */
export async function generateMcpToken(requester: Requester): Promise<McpTokenResult> {
  const { projectId } = await requester.auth();
  if (projectId === null) throw new Error('Piecework: the JWT opens no project, so it has no MCP server');
  const server = await requester.request<{ serverUrl: string; token: string }>({
    path: 'mcp-servers',
    method: 'GET',
    queryParams: { projectId },
  });
  return { mcpServerUrl: server.serverUrl, mcpToken: server.token };
}
