/**
 * `/mcp` at the domain root (outside `/api`): the project's MCP server over Streamable HTTP,
 * stateless. Each POST is authenticated (`resolve-mcp-caller.ts`), gets an MCP server built for
 * its caller and a transport without sessions that answers JSON, and is handed to the MCP SDK.
 * GET (a server-sent event stream) and DELETE (ending a session) are 405: there are no sessions.
 * Without a valid credential the answer is 401 with the `WWW-Authenticate` challenge pointing
 * at the protected resource metadata (RFC 9728 §5.1), which is how MCP clients find the OAuth
 * authorization server; a DISABLED server is 403.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MCP_PATHS } from '@piecework/shared';
import type { RequestMeta, RouteDefinition } from '../../infrastructure/http/route';
import { applySecurityHeaders } from '../../infrastructure/http/security-headers';
import type { ServerContext } from '../../server-context';
import type * as McpRequestHandlerModule from './handle-mcp-request';
import { resolveMcpCaller, type McpCallerDependencies } from './resolve-mcp-caller';
import type { McpToolContext } from './tools/mcp-tool-scope';

/**
 * What `/mcp` uses of the server context: the settings (the challenge's URL), what resolving the
 * caller needs and what the tools need.
 */
export type McpEndpointDependencies = Pick<ServerContext, 'settings'> &
  McpCallerDependencies &
  McpToolContext;

type McpRequestHandler = typeof McpRequestHandlerModule;

/** The MCP SDK and the tools, loaded on the first `/mcp` request (not at start-up). */
let handlerModule: Promise<McpRequestHandler> | undefined;
function loadHandler(): Promise<McpRequestHandler> {
  handlerModule ??= import('./handle-mcp-request');
  return handlerModule;
}

/** The `WWW-Authenticate` challenge of a 401 from `/mcp`; `invalid` when a token was sent. */
export function mcpAuthChallenge(publicUrl: string, invalid: boolean): string {
  const metadata = new URL(MCP_PATHS.protectedResourceMetadata.slice(1), publicUrl).toString();
  return `Bearer resource_metadata="${metadata}"${invalid ? ', error="invalid_token"' : ''}`;
}

/**
 * The Fastify plugin serving `/mcp`; tools call the endpoints of `routes` in-process. Register
 * it before the web app, whose catch-all `GET /*` must not answer `/mcp`.
 */
export function mcpEndpoint(ctx: McpEndpointDependencies, routes: readonly RouteDefinition[]) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(MCP_PATHS.mcp, (request, reply) => answerMcp(ctx, routes, request, reply));
    for (const method of ['GET', 'DELETE'] as const) {
      app.route({
        method,
        url: MCP_PATHS.mcp,
        handler: (_request, reply) =>
          reply
            .code(405)
            .header('allow', 'POST')
            .send(rpcError(-32000, 'Method not allowed: this MCP server is stateless; send POST requests')),
      });
    }
  };
}

async function answerMcp(
  ctx: McpEndpointDependencies,
  routes: readonly RouteDefinition[],
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const resolution = await resolveMcpCaller(ctx, request.headers.authorization);
  if (resolution.kind === 'UNAUTHENTICATED') {
    const message = resolution.tokenSent
      ? 'The bearer token is not a valid MCP token of this server'
      : 'Send a bearer token: Authorization: Bearer <token>';
    return reply
      .code(401)
      .header('www-authenticate', mcpAuthChallenge(ctx.settings.publicUrl, resolution.tokenSent))
      .send(rpcError(-32001, message));
  }
  if (resolution.kind === 'DISABLED') {
    return reply
      .code(403)
      .send(rpcError(-32003, `The MCP server of project ${resolution.projectId} is disabled`));
  }
  const { caller } = resolution;
  const log = request.log.child({ project: { id: caller.projectId }, mcp: { via: caller.via } });
  const meta: RequestMeta = {
    ip: request.ip,
    requestId: request.id,
    log,
    headers: userAgentOf(request),
    method: request.method,
    query: {},
  };
  const { handleMcpRequest } = await loadHandler();
  // The SDK writes the answer itself: carry over the headers every answer has (CORS, security, request id).
  applySecurityHeaders(reply);
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  try {
    await handleMcpRequest({ ctx, routes, caller, request: meta }, request.raw, reply.raw, request.body);
  } catch (error) {
    // Hijacked: the app's error handler cannot answer any more.
    log.error({ err: error }, 'MCP request failed');
    if (!reply.raw.headersSent) {
      reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify(rpcError(-32603, 'Internal error')));
    }
  }
}

/** Only the user agent of the `/mcp` request reaches the endpoint handlers (never its credential). */
function userAgentOf(request: FastifyRequest): RequestMeta['headers'] {
  const agent = request.headers['user-agent'];
  return agent === undefined ? {} : { 'user-agent': agent };
}

/** A JSON-RPC error answer without a request id. */
function rpcError(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}
