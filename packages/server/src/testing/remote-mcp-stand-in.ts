/**
 * A remote MCP server for tests: the MCP SDK's own server over streamable HTTP (JSON responses,
 * no sessions) on loopback, with the tools a test registers. Use it wherever an agent or a piece
 * must reach an MCP server that is not the project's own.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A running remote MCP server. */
export interface RemoteMcpStandIn {
  /** `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Drops open connections (a tool call still running) and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a remote MCP server whose tools `register` adds to each request's server; with
 * `requiredHeader` (`[name, value]`), requests without that header get 401.
 */
export async function startRemoteMcpStandIn(
  register: (mcp: McpServer) => void,
  options: { requiredHeader?: [string, string] } = {},
): Promise<RemoteMcpStandIn> {
  const server = createServer((request, response) => {
    const [header, value] = options.requiredHeader ?? [];
    if (header !== undefined && request.headers[header.toLowerCase()] !== value) {
      response.writeHead(401).end('no key');
      return;
    }
    const mcp = new McpServer({ name: 'remote', version: '1.0.0' });
    register(mcp);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => void transport.close());
    void mcp.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/mcp`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
