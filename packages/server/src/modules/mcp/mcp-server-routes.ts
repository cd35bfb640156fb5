/**
 * `GET /v1/mcp-servers?projectId` (READ_MCP; made on first read), `POST /v1/mcp-servers/:id`
 * (WRITE_MCP: enable or disable) and `POST /v1/mcp-servers/:id/rotate` (WRITE_MCP: a new token).
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  getOrCreateMcpServer,
  type McpServerDependencies,
  mcpServerView,
  rotateMcpServerToken,
  updateMcpServerStatus,
} from './mcp-server-service';

/** The project MCP server routes. */
export function mcpServerRoutes(ctx: McpServerDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.mcpServers.get, {
      handler: async ({ project }) => mcpServerView(ctx, await getOrCreateMcpServer(ctx, project)),
    }),
    route(ENDPOINTS.mcpServers.update, {
      handler: async ({ params, body }) =>
        mcpServerView(ctx, await updateMcpServerStatus(ctx, params.id, body.status)),
    }),
    route(ENDPOINTS.mcpServers.rotate, {
      handler: async ({ params }) => mcpServerView(ctx, await rotateMcpServerToken(ctx, params.id)),
    }),
  ];
}
