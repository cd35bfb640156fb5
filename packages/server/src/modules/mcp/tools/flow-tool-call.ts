/**
 * Running a flow as a tool, shared by the project's MCP server (`flow-tools.ts`) and agent steps
 * (`agents/tools/flow-agent-tool.ts`): which flows are tools (an `mcp_tool` trigger), their input
 * schema, and a call through the webhook path (the same credits, quotas and run records as
 * `POST /v1/webhooks/:flowId`): with `returnsResponse` the caller gets the flow's reply, otherwise
 * the id of the run that started.
 */
import {
  MCP_PIECE_NAME,
  MCP_TOOL_TRIGGER,
  mcpToolParameters,
  type McpPropertyType,
  type McpToolParameter,
} from '@piecework/pieces';
import { fullPieceName, type Trigger } from '@piecework/shared';
import { z } from 'zod';
import type { HttpReply } from '../../../infrastructure/http/http-reply';
import type { ServerContext } from '../../../server-context';
import { WEBHOOK_ID_HEADER } from '../../webhooks/sync-answer';
import type { WebhookService } from '../../webhooks/webhook-service';
import { findRunStatus } from '../mcp-repository';

/** What an `mcp_tool` trigger makes of its flow as a tool. */
export interface McpTriggerTool {
  /** The trigger's `toolName`, as typed. */
  readonly toolName: string;
  readonly description: string;
  readonly parameters: readonly McpToolParameter[];
  readonly returnsResponse: boolean;
}

/** The tool of a flow whose trigger is `trigger`, or undefined when it is not the MCP piece's `mcp_tool`. */
export function mcpTriggerTool(trigger: Trigger | null | undefined): McpTriggerTool | undefined {
  if (trigger?.type !== 'PIECE_TRIGGER') return undefined;
  const { pieceName, triggerName, input } = trigger.settings;
  if (fullPieceName(pieceName) !== MCP_PIECE_NAME || triggerName !== MCP_TOOL_TRIGGER) return undefined;
  return {
    toolName: String(input['toolName'] ?? ''),
    description: typeof input['toolDescription'] === 'string' ? input['toolDescription'] : '',
    parameters: mcpToolParameters(input['inputSchema']),
    returnsResponse: input['returnsResponse'] === true || input['returnsResponse'] === 'true',
  };
}

/** The input schema (zod) of a tool with `parameters`. */
export function flowToolInputSchema(parameters: readonly McpToolParameter[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const parameter of parameters) {
    let schema = schemaOfType(parameter.type);
    if (parameter.description) schema = schema.describe(parameter.description);
    shape[parameter.name] = parameter.required ? schema : schema.optional();
  }
  return z.object(shape);
}

/** The same input schema as JSON Schema (`{type: 'object', properties, required}`), for models. */
export function flowToolJsonSchema(parameters: readonly McpToolParameter[]): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(flowToolInputSchema(parameters), { io: 'input' });
  return schema;
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

/** What a flow tool call answers: text for the caller, and whether it is an error. */
export interface FlowToolAnswer {
  readonly isError: boolean;
  readonly text: string;
}

/** Runs flow `flowId` with `args` as its JSON body: its reply (`returnsResponse`), or the run that started. */
export async function callFlowTool(
  ctx: Pick<ServerContext, 'store'>,
  webhooks: WebhookService,
  tool: { readonly flowId: string; readonly returnsResponse: boolean },
  args: Record<string, unknown>,
): Promise<FlowToolAnswer> {
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
  if (tool.returnsResponse) return syncAnswerText(reply);
  if (runId === undefined) return { isError: false, text: 'The flow did not start a run for this call.' };
  const run = await findRunStatus(ctx.store.db, runId);
  if (run?.status === 'QUOTA_EXCEEDED') {
    return { isError: true, text: `QUOTA_EXCEEDED: The platform has no run credits left (run ${runId})` };
  }
  return { isError: false, text: `The flow started: run ${runId}.` };
}

/** The answer of a synchronous flow's reply: its body as text; an error status is an error. */
export function syncAnswerText(reply: HttpReply): FlowToolAnswer {
  const { body, status } = reply;
  const text =
    body === undefined || body === null || body === ''
      ? 'The flow finished without a reply.'
      : Buffer.isBuffer(body)
        ? body.toString('utf8')
        : typeof body === 'string'
          ? body
          : JSON.stringify(body);
  return { isError: status >= 400, text };
}
