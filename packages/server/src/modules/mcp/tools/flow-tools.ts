/**
 * Flows as tools: every ENABLED flow of the caller's project whose published version starts with
 * the MCP piece's `mcp_tool` trigger is a tool named `{toolName}_{first 4 characters of the flow
 * id}` (the name reduced to `[a-zA-Z0-9_-]`), described by its `toolDescription`, taking the
 * parameters of its `inputSchema`. Calling it runs the flow through the webhook path (the same
 * credits, quotas and run records as `POST /v1/webhooks/:flowId`): with `returnsResponse` the
 * client gets the flow's reply, otherwise the id of the run that started.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolParameter } from '@piecework/pieces';
import type { Trigger } from '@piecework/shared';
import type { ServerContext } from '../../../server-context';
import { fromJson } from '../../../infrastructure/storage/json-column';
import { selectEnabledFlowTriggers } from '../mcp-repository';
import { WebhookService } from '../../webhooks/webhook-service';
import { callFlowTool, flowToolInputSchema, mcpTriggerTool } from './flow-tool-call';
import { answerTool, type McpToolScope } from './mcp-tool-scope';

/** A flow the MCP server offers as a tool. */
export interface FlowTool {
  readonly flowId: string;
  readonly name: string;
  readonly description: string;
  readonly parameters: readonly McpToolParameter[];
  readonly returnsResponse: boolean;
}

/** The tool name of a flow: its `toolName` reduced to `[a-zA-Z0-9_-]`, then `_` and the flow id's first 4 characters. */
export function flowToolName(toolName: string, flowId: string): string {
  const base = toolName.trim().replace(/[^a-zA-Z0-9_-]/g, '_');
  return `${base === '' ? 'flow' : base}_${flowId.substring(0, 4)}`;
}

/** The flows of `projectId` offered as tools (ENABLED, published with an `mcp_tool` trigger). */
export async function listFlowTools(
  ctx: Pick<ServerContext, 'store'>,
  projectId: string,
): Promise<FlowTool[]> {
  const rows = await selectEnabledFlowTriggers(ctx.store.db, projectId);
  const tools: FlowTool[] = [];
  const names = new Set<string>();
  for (const row of rows) {
    const tool = mcpTriggerTool(fromJson<Trigger>(row.trigger));
    if (tool === undefined) continue;
    const short = flowToolName(tool.toolName, row.flowId);
    // Two tools of the same name and id prefix: the later one carries its whole flow id.
    const name = names.has(short) ? `${short}${row.flowId.substring(4)}` : short;
    names.add(name);
    tools.push({
      flowId: row.flowId,
      name,
      description: tool.description,
      parameters: tool.parameters,
      returnsResponse: tool.returnsResponse,
    });
  }
  return tools;
}

/** Registers every flow tool of the caller's project on `server`. */
export async function registerFlowTools(server: McpServer, scope: McpToolScope): Promise<void> {
  const webhooks = new WebhookService(scope.ctx);
  for (const tool of await listFlowTools(scope.ctx, scope.caller.projectId)) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: flowToolInputSchema(tool.parameters),
        annotations: { title: tool.name, readOnlyHint: false, openWorldHint: true },
      },
      (args) =>
        answerTool(scope, async (): Promise<CallToolResult> => {
          const { isError, text } = await callFlowTool(scope.ctx, webhooks, tool, args);
          return { ...(isError ? { isError: true } : {}), content: [{ type: 'text', text }] };
        }),
    );
  }
}
