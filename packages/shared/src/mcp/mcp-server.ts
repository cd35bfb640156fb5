import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { Id } from '../common/id';

/** Whether a project's MCP endpoint answers (DISABLED: every call is 403, OAuth tokens included). */
export const McpServerStatus = z.enum(['ENABLED', 'DISABLED']);
export type McpServerStatus = z.infer<typeof McpServerStatus>;

/**
 * A project's MCP server: one per project, made on first read. `token` is the project MCP token
 * (`Authorization: Bearer <token>` on `/mcp`) for clients without OAuth; `serverUrl` is the
 * address MCP clients connect to.
 */
export const McpServer = z.object({
  ...BaseModelFields,
  projectId: Id,
  status: McpServerStatus,
  token: z.string(),
  serverUrl: z.string(),
});
export type McpServer = z.infer<typeof McpServer>;

/** Query of `GET /v1/mcp-servers`: the project whose server to read. */
export const GetMcpServerQuery = z.object({ projectId: Id });
export type GetMcpServerQuery = z.infer<typeof GetMcpServerQuery>;

/** Body of `POST /v1/mcp-servers/:id`. */
export const UpdateMcpServerRequest = z.object({ status: McpServerStatus });
export type UpdateMcpServerRequest = z.infer<typeof UpdateMcpServerRequest>;
