/**
 * A project flow as an agent tool (`FLOW`, named by its external id or id). The flow must be
 * ENABLED and published, and start with one of two triggers:
 * - the MCP piece's `mcp_tool`: parameters from its `inputSchema`, description from its
 *   `toolDescription`, called as the project's MCP server calls it (`callFlowTool`): with
 *   `returnsResponse` the tool answers the flow's reply, otherwise the run that started;
 * - the subflows piece's Callable Flow: parameters from its sample data (one property per key,
 *   typed from the sample value; none: an open object), called as Call Flow does (`{data: args}`
 *   to the flow's webhook), and waited for: the tool answers the output of the sub-flow's last
 *   Return Response step (or, without one, of its last step). A failed sub-flow is the tool's error.
 * Anything else — a missing, disabled or unpublished flow, another trigger — fails the opening
 * with a message naming the flow.
 */
import { CALLABLE_FLOW_TRIGGER, SUBFLOWS_PIECE_NAME } from '@piecework/pieces';
import { fullPieceName, getAllSteps, type AgentFlowTool, type Trigger } from '@piecework/shared';
import { notFound, ruleViolation } from '../../../infrastructure/errors';
import type { HttpReply } from '../../../infrastructure/http/http-reply';
import type { ServerContext } from '../../../server-context';
import { fromJson } from '../../../infrastructure/storage/json-column';
import {
  callFlowTool,
  flowToolJsonSchema,
  mcpTriggerTool,
  syncAnswerText,
} from '../../mcp/tools/flow-tool-call';
import { WEBHOOK_ID_HEADER } from '../../webhooks/sync-answer';
import { WebhookService } from '../../webhooks/webhook-service';
import type { AgentToolHandle, AgentToolScope } from '../../../execution/agents/agent-toolbox';
import { findToolFlow, findToolFlowVersion, findVersionTrigger } from './agent-tool-repository';
import { jsonSchemaOfSample } from './sample-schema';

/** The flow tool `tool` of the scope's project, ready to call. */
export async function openFlowTool(
  ctx: ServerContext,
  scope: AgentToolScope,
  tool: AgentFlowTool,
  name: string,
): Promise<AgentToolHandle> {
  const flow = await findToolFlow(ctx.store.db, scope.projectId, tool.externalFlowId);
  if (flow === undefined) throw notFound('flow', tool.externalFlowId);
  const label = tool.flowDisplayName ?? tool.externalFlowId;
  if (flow.status !== 'ENABLED' || flow.publishedVersionId === null) {
    throw ruleViolation(`The flow ${label} used as a tool is not published and enabled`, {
      flowId: flow.id,
    });
  }
  const version = await findToolFlowVersion(ctx.store.db, flow.publishedVersionId);
  const trigger = fromJson<Trigger>(version.trigger);
  const block = { toolCallType: 'FLOW' as const, externalFlowId: tool.externalFlowId, displayName: label };
  const webhooks = new WebhookService(ctx);
  const mcpTool = mcpTriggerTool(trigger);
  if (mcpTool !== undefined) {
    return {
      name,
      description: mcpTool.description || `Runs the flow ${version.displayName}`,
      parameters: flowToolJsonSchema(mcpTool.parameters),
      block,
      async call(args) {
        const answer = await callFlowTool(ctx, webhooks, { flowId: flow.id, ...mcpTool }, args);
        if (answer.isError) throw new Error(answer.text);
        return parsedText(answer.text);
      },
    };
  }
  if (
    trigger?.type === 'PIECE_TRIGGER' &&
    fullPieceName(trigger.settings.pieceName) === SUBFLOWS_PIECE_NAME &&
    trigger.settings.triggerName === CALLABLE_FLOW_TRIGGER
  ) {
    const exampleData = trigger.settings.input['exampleData'] as { sampleData?: unknown } | undefined;
    return {
      name,
      description: `Runs the flow ${version.displayName} and answers its response`,
      parameters: jsonSchemaOfSample(exampleData?.sampleData),
      block,
      call: (args) => callCallableFlow(ctx, webhooks, flow.id, args),
    };
  }
  throw ruleViolation(
    `The flow ${label} used as a tool must start with an MCP tool or Callable Flow trigger`,
    { flowId: flow.id },
  );
}

/** Runs callable flow `flowId` with `{data: args}` and answers what it returned. */
async function callCallableFlow(
  ctx: ServerContext,
  webhooks: WebhookService,
  flowId: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const reply = await webhooks.trigger(
    flowId,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      query: {},
      body: Buffer.from(JSON.stringify({ data: args })),
    },
    { draft: false, sync: true },
  );
  if (reply.status >= 400) throw new Error(syncAnswerText(reply).text);
  if (reply.status !== 204) return parsedText(syncAnswerText(reply).text);
  return returnedOutput(ctx, reply);
}

/** The output of a finished sub-flow run: its last Return Response step's, else its last step's. */
async function returnedOutput(ctx: ServerContext, reply: HttpReply): Promise<unknown> {
  const runId = reply.headers[WEBHOOK_ID_HEADER];
  const run = runId === undefined ? null : await ctx.runs.getRun(runId);
  if (run === null) throw new Error('The flow did not start a run for this call');
  if (run.status !== 'SUCCEEDED') {
    throw new Error(`The flow did not finish in time or ended ${run.status} (run ${run.id})`);
  }
  const version = await findVersionTrigger(ctx.store.db, run.flowVersionId);
  const trigger = fromJson<Trigger>(version?.trigger ?? null);
  const returning = new Set(
    (trigger === null ? [] : getAllSteps(trigger))
      .filter(
        (step) =>
          step.type === 'PIECE' &&
          fullPieceName(step.settings.pieceName) === SUBFLOWS_PIECE_NAME &&
          step.settings.actionName === 'returnResponse',
      )
      .map((step) => step.name),
  );
  const ran = Object.entries(run.steps ?? {}).filter(([stepName]) => stepName !== trigger?.name);
  const answer = ran.filter(([stepName]) => returning.has(stepName)).at(-1) ?? ran.at(-1);
  return answer?.[1].output ?? null;
}

/** JSON text as its value; other text as it is. */
function parsedText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
