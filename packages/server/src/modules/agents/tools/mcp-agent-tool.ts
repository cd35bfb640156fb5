/**
 * An MCP server's tools as agent tools (`MCP`): one handle per tool the server lists, named
 * `{tool}_{toolName}` as Activepieces names them (the listed tool's name, then the agent tool's;
 * reduced to `[a-zA-Z0-9_-]`, 64 characters), its parameters the tool's
 * `inputSchema`. A remote server is reached with the MCP SDK's own client over streamable HTTP
 * (`streamable-http`, `http`) or SSE (`sse`), every request through the SSRF-filtered client
 * (`safeFetch` with AP_SSRF_ALLOW_LIST) with the tool's auth headers. This server's own MCP
 * endpoint (`mcpServerUrl`) is connected in-process instead (an in-memory transport to the
 * project's MCP server, acting as the project's MCP token does): no token, no loopback HTTP. A
 * tool result with `isError` is the tool's error (its text); otherwise its content is the answer.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { safeFetch } from '@piecework/pieces';
import { agentToolName, generateId, type AgentMcpTool, type McpAuthConfig } from '@piecework/shared';
import { notFound, ruleViolation } from '../../../infrastructure/errors';
import type { RouteDefinition } from '../../../infrastructure/http/route';
import { PIECEWORK_RELEASE } from '../../../release';
import type { ServerContext } from '../../../server-context';
import { buildMcpServer } from '../../mcp/build-mcp-server';
import { getOrCreateMcpServer, mcpServerUrl } from '../../mcp/mcp-server-service';
import type { AgentToolHandle, AgentToolScope } from '../../../execution/agents/agent-toolbox';
import { findProjectRow } from './agent-tool-repository';

/** The handles of an MCP server's tools, and how to disconnect from it. */
export interface OpenedMcpTools {
  readonly handles: AgentToolHandle[];
  close(): Promise<void>;
}

/** Connects to the server of `tool` and lists its tools. */
export async function openMcpTools(
  ctx: ServerContext,
  routes: readonly RouteDefinition[],
  scope: AgentToolScope,
  tool: AgentMcpTool,
): Promise<OpenedMcpTools> {
  const client = new Client({ name: 'piecework-agent', version: PIECEWORK_RELEASE });
  const own = sameUrl(tool.serverUrl, mcpServerUrl(ctx));
  try {
    if (own) await connectOwnServer(ctx, routes, scope, client);
    else await client.connect(remoteTransport(ctx, tool));
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(`Cannot connect to the MCP server ${tool.serverUrl}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  try {
    const { tools } = await client.listTools(undefined, { signal: scope.signal });
    const handles = tools.map((listed): AgentToolHandle => ({
      name: agentToolName(`${listed.name}_${tool.toolName}`),
      description: listed.description ?? listed.title ?? listed.name,
      parameters: listed.inputSchema,
      block: { toolCallType: 'MCP', serverUrl: tool.serverUrl, displayName: listed.title ?? listed.name },
      async call(args, signal) {
        const result = (await client.callTool({ name: listed.name, arguments: args }, undefined, {
          signal,
        })) as CallToolResult;
        if (result.isError) throw new Error(textOf(result) || `The MCP tool ${listed.name} failed`);
        return result.structuredContent ?? result.content;
      },
    }));
    return { handles, close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(`Cannot list the tools of the MCP server ${tool.serverUrl}: ${messageOf(error)}`, {
      cause: error,
    });
  }
}

/** The transport to a remote server, through the SSRF-filtered client with the tool's auth headers. */
function remoteTransport(ctx: Pick<ServerContext, 'settings'>, tool: AgentMcpTool): Transport {
  const allowList = ctx.settings.config.ssrfAllowList;
  const fetch = (url: string | URL, init?: RequestInit) => safeFetch(url, init, { allowList });
  const requestInit = { headers: authHeaders(tool.auth) };
  const url = new URL(tool.serverUrl);
  return tool.protocol === 'sse'
    ? new SSEClientTransport(url, { fetch, requestInit })
    : new StreamableHTTPClientTransport(url, { fetch, requestInit });
}

/** The headers of `auth`. */
function authHeaders(auth: McpAuthConfig): Record<string, string> {
  switch (auth.type) {
    case 'none':
      return {};
    case 'access_token':
      return { Authorization: `Bearer ${auth.accessToken}` };
    case 'api_key':
      return { [auth.apiKeyHeader]: auth.apiKey };
    case 'headers':
      return { ...auth.headers };
  }
}

/** Connects `client` in-process to the MCP server of the scope's project, as its MCP token would. */
async function connectOwnServer(
  ctx: ServerContext,
  routes: readonly RouteDefinition[],
  scope: AgentToolScope,
  client: Client,
): Promise<void> {
  const project = await findProjectRow(ctx.store.db, scope.projectId);
  if (project === undefined) throw notFound('project', scope.projectId);
  const row = await getOrCreateMcpServer(ctx, project);
  if (row.status !== 'ENABLED') {
    throw ruleViolation(`The MCP server of project ${scope.projectId} is disabled`, {
      projectId: scope.projectId,
    });
  }
  const log = ctx.logger.child({
    project: { id: scope.projectId },
    flowRunId: scope.flowRunId,
    mcp: { via: 'agent' },
  });
  const server = await buildMcpServer({
    ctx,
    routes,
    caller: {
      principal: { type: 'SERVICE', id: row.id, platformId: row.platformId },
      projectId: row.projectId,
      platformId: row.platformId,
      via: 'projectToken',
    },
    request: { ip: '127.0.0.1', requestId: generateId(), log, headers: {}, method: 'POST', query: {} },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
}

/** Whether two URLs name the same address (ignoring a trailing slash). */
function sameUrl(a: string, b: string): boolean {
  const normal = (url: string) => new URL(url).toString().replace(/\/+$/, '');
  return normal(a) === normal(b);
}

/** The text items of a tool result, joined. */
function textOf(result: CallToolResult): string {
  return result.content
    .flatMap((item) => (item.type === 'text' ? [item.text] : []))
    .join('\n')
    .trim();
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
