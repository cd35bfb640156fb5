/**
 * Answers one authenticated `/mcp` POST: an MCP server built for its caller, a Streamable HTTP
 * transport without sessions that answers JSON, the request handed to the MCP SDK, which writes
 * the answer itself. `mcp-endpoint.ts` loads this module on the first `/mcp` request, so a
 * server nobody reaches through MCP never evaluates the SDK (it starts faster).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { buildMcpServer } from './build-mcp-server';
import type { McpToolScope } from './tools/mcp-tool-scope';

/** Serves `body` (the parsed JSON-RPC message) of `request` on `response` for the caller of `scope`. */
export async function handleMcpRequest(
  scope: McpToolScope,
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
): Promise<void> {
  const server = await buildMcpServer(scope);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response, body);
}
