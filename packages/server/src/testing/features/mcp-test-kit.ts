/**
 * Builders and calls for the MCP tests: an MCP client (the SDK's own) over loopback with a bearer
 * token, flows whose trigger is the MCP piece's `mcp_tool`, and OAuth callers made the way the
 * authorization server makes them (a grant row and an access token of `ctx.mcpAccessTokens`).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { generateId, type McpServer, type StepRequest, type TriggerRequest } from '@piecework/shared';
import { callApi } from '../call-api';
import type { TestServer } from '../test-server';
import { expectStatus } from './flow-test-kit';

/** The MCP piece's name and version the test flows use. */
const MCP_PIECE = { pieceName: '@activepieces/piece-mcp', pieceVersion: '0.0.21' };

/** An MCP client connected to the test server's `/mcp` with `token`; close it after the test. */
export async function connectMcp(server: TestServer, token: string): Promise<Client> {
  const client = new Client({ name: 'piecework-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The text of a tool result's first content item. */
export function resultText(result: unknown): string {
  const content = (result as CallToolResult).content[0];
  return content?.type === 'text' ? content.text : '';
}

/** An `mcp_tool` trigger with these tool inputs. */
export function mcpToolTrigger(input: {
  toolName: string;
  toolDescription: string;
  inputSchema?: { name: string; type: string; required: boolean; description?: string }[];
  returnsResponse?: boolean;
}): TriggerRequest {
  return {
    name: 'trigger',
    displayName: 'MCP Tool',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: { ...MCP_PIECE, triggerName: 'mcp_tool', propertySettings: {}, input },
  };
}

/** The Reply to MCP Client step answering `response` (Advanced mode), stopping the flow. */
export function replyToMcpClient(name: string, response: unknown): StepRequest {
  return {
    name,
    displayName: 'Reply to MCP Client',
    type: 'PIECE',
    valid: true,
    settings: {
      ...MCP_PIECE,
      actionName: 'reply_to_mcp_client',
      propertySettings: {},
      input: { mode: 'advanced', response: { response }, respond: 'stop' },
    },
  };
}

/** The project's MCP server, as `GET /v1/mcp-servers` answers it to `token`'s holder. */
export async function mcpServerOf(server: TestServer, token: string, projectId: string): Promise<McpServer> {
  return expectStatus(
    await callApi<McpServer>(server.apiUrl, 'GET', '/v1/mcp-servers', { token, query: { projectId } }),
    200,
  );
}

/**
 * An OAuth access token for `userId` on `projectId`, as the authorization server issues one: a
 * registered client, a grant approved by the user, and a token of that grant. Answers the token
 * and the grant's id (to revoke it).
 */
export async function oauthAccessToken(
  server: TestServer,
  user: { userId: string; platformId: string },
  projectId: string,
): Promise<{ token: string; grantId: string }> {
  const { context } = server.server;
  const now = context.now();
  const clientId = generateId();
  const grantId = generateId();
  await context.store.write(async (trx) => {
    await trx
      .insertInto('mcpOAuthClient')
      .values({
        id: clientId,
        clientName: 'Test assistant',
        redirectUris: JSON.stringify(['http://127.0.0.1:9/callback']),
        grantTypes: JSON.stringify(['authorization_code', 'refresh_token']),
        responseTypes: JSON.stringify(['code']),
        tokenEndpointAuthMethod: 'none',
        hashedSecret: null,
        created: now,
        updated: now,
      })
      .execute();
    await trx
      .insertInto('mcpOAuthGrant')
      .values({
        id: grantId,
        clientId,
        userId: user.userId,
        projectId,
        platformId: user.platformId,
        scopes: JSON.stringify(['mcp']),
        lastUsedAt: null,
        revokedAt: null,
        created: now,
        updated: now,
      })
      .execute();
  });
  const token = await context.mcpAccessTokens.issue({
    grantId,
    clientId,
    userId: user.userId,
    projectId,
    platformId: user.platformId,
    scopes: ['mcp'],
  });
  return { token, grantId };
}
