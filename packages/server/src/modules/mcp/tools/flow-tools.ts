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
import {
  MCP_PIECE_NAME,
  MCP_TOOL_TRIGGER,
  mcpToolParameters,
  type McpPropertyType,
  type McpToolParameter,
} from '@piecework/pieces';
import { fullPieceName, type Trigger } from '@piecework/shared';
import { z } from 'zod';
import type { HttpReply } from '../../../http/http-reply';
import type { ServerContext } from '../../../server-context';
import { fromJson } from '../../../storage/json-column';
import { WEBHOOK_ID_HEADER } from '../../webhooks/sync-answer';
import { WebhookService } from '../../webhooks/webhook-service';
import { answerTool, textResult, type McpToolScope } from './mcp-tool-scope';

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
export async function listFlowTools(ctx: ServerContext, projectId: string): Promise<FlowTool[]> {
  const rows = await ctx.store.db
    .selectFrom('flow')
    .innerJoin('flowVersion', 'flowVersion.id', 'flow.publishedVersionId')
    .select(['flow.id as flowId', 'flowVersion.trigger as trigger'])
    .where('flow.projectId', '=', projectId)
    .where('flow.status', '=', 'ENABLED')
    .orderBy('flow.created')
    .orderBy('flow.id')
    .execute();
  const tools: FlowTool[] = [];
  const names = new Set<string>();
  for (const row of rows) {
    const trigger = fromJson<Trigger>(row.trigger);
    if (trigger?.type !== 'PIECE_TRIGGER') continue;
    const { pieceName, triggerName, input } = trigger.settings;
    if (fullPieceName(pieceName) !== MCP_PIECE_NAME || triggerName !== MCP_TOOL_TRIGGER) continue;
    const short = flowToolName(String(input['toolName'] ?? ''), row.flowId);
    // Two tools of the same name and id prefix: the later one carries its whole flow id.
    const name = names.has(short) ? `${short}${row.flowId.substring(4)}` : short;
    names.add(name);
    tools.push({
      flowId: row.flowId,
      name,
      description: typeof input['toolDescription'] === 'string' ? input['toolDescription'] : '',
      parameters: mcpToolParameters(input['inputSchema']),
      returnsResponse: input['returnsResponse'] === true || input['returnsResponse'] === 'true',
    });
  }
  return tools;
}

/** The input schema of a tool with `parameters`. */
export function flowToolInputSchema(parameters: readonly McpToolParameter[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const parameter of parameters) {
    let schema = schemaOfType(parameter.type);
    if (parameter.description) schema = schema.describe(parameter.description);
    shape[parameter.name] = parameter.required ? schema : schema.optional();
  }
  return z.object(shape);
}

function schemaOfType(type: McpPropertyType): z.ZodType {
  switch (type) {
    case 'Text':
      return z.string();
    case 'Number':
      return z.number();
    case 'Boolean':
      return z.boolean();
    case 'Date':
      return z.string().meta({ format: 'date-time' });
    case 'Array':
      return z.array(z.unknown());
    case 'Object':
      return z.record(z.string(), z.unknown());
  }
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
      (args) => answerTool(scope, () => callFlowTool(scope, webhooks, tool, args)),
    );
  }
}

/** Runs the flow of `tool` with `args`: its reply (sync), or the run that started. */
async function callFlowTool(
  scope: McpToolScope,
  webhooks: WebhookService,
  tool: FlowTool,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const reply = await webhooks.trigger(
    tool.flowId,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      query: {},
      body: Buffer.from(JSON.stringify(args)),
    },
    { draft: false, sync: tool.returnsResponse },
  );
  const runId = reply.headers[WEBHOOK_ID_HEADER];
  if (tool.returnsResponse) return syncResult(reply);
  if (runId === undefined) return textResult('The flow did not start a run for this call.');
  const run = await scope.ctx.store.db
    .selectFrom('flowRun')
    .select('status')
    .where('id', '=', runId)
    .executeTakeFirst();
  if (run?.status === 'QUOTA_EXCEEDED') {
    return {
      isError: true,
      content: [
        { type: 'text', text: `QUOTA_EXCEEDED: The platform has no run credits left (run ${runId})` },
      ],
    };
  }
  return textResult(`The flow started: run ${runId}.`);
}

/** The tool result of a synchronous flow's reply: its body as text; an error status is `isError`. */
function syncResult(reply: HttpReply): CallToolResult {
  const { body, status } = reply;
  const text =
    body === undefined || body === null || body === ''
      ? 'The flow finished without a reply.'
      : Buffer.isBuffer(body)
        ? body.toString('utf8')
        : typeof body === 'string'
          ? body
          : JSON.stringify(body);
  return { ...(status >= 400 ? { isError: true } : {}), content: [{ type: 'text', text }] };
}
