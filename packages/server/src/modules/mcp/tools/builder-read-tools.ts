/**
 * The builder's read tools: `ap_list_flows` (the project's flows), `ap_flow_structure` (one
 * flow's steps and outline) and `ap_list_pieces` (pieces to build steps with). Each is a call of
 * the REST endpoint as the caller (`callAsCaller`), so it needs READ_FLOW like the API does.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ENDPOINTS, type PopulatedFlow } from '@piecework/shared';
import { z } from 'zod';
import { flowStructure } from './flow-structure';
import { answerTool, callAsCaller, textResult, type McpToolScope } from './mcp-tool-scope';

/** The most flows `ap_list_flows` lists. */
const MAX_LISTED_FLOWS = 500;

/** Registers the read tools on `server`. */
export function registerBuilderReadTools(server: McpServer, scope: McpToolScope): void {
  server.registerTool(
    'ap_list_flows',
    {
      description: 'List the flows of this project: id, name, status and whether a version is published.',
      annotations: { title: 'List flows', readOnlyHint: true },
    },
    () => answerTool(scope, async () => textResult(await listFlows(scope))),
  );

  server.registerTool(
    'ap_flow_structure',
    {
      description:
        "Show a flow's current (draft) version: its trigger and steps with their names, types, pieces and actions, what follows each step, and a readable outline. Use the step names as parentStepName in ap_add_step.",
      inputSchema: { flowId: z.string().describe('The id of the flow (from ap_list_flows)') },
      annotations: { title: 'Flow structure', readOnlyHint: true },
    },
    ({ flowId }) =>
      answerTool(scope, async () => {
        const flow = await callAsCaller(scope, ENDPOINTS.flows.get, { params: { id: flowId }, query: {} });
        return textResult(flowStructure(flow));
      }),
  );

  server.registerTool(
    'ap_list_pieces',
    {
      description:
        'List the pieces (integrations) steps can use: name, display name, newest version and how many actions and triggers each has. Filter with searchQuery.',
      inputSchema: {
        searchQuery: z
          .string()
          .max(200)
          .optional()
          .describe('Words to look for in piece names and descriptions'),
      },
      annotations: { title: 'List pieces', readOnlyHint: true },
    },
    ({ searchQuery }) =>
      answerTool(scope, async () => {
        const pieces = await callAsCaller(scope, ENDPOINTS.pieces.list, {
          query: { projectId: scope.caller.projectId, ...(searchQuery ? { searchQuery } : {}) },
        });
        return textResult(
          pieces.map((piece) => ({
            name: piece.name,
            displayName: piece.displayName,
            version: piece.version,
            description: piece.description,
            actions: piece.actions,
            triggers: piece.triggers,
          })),
        );
      }),
  );
}

/** The project's flows, as `ap_list_flows` shows them, newest first (at most {@link MAX_LISTED_FLOWS}). */
async function listFlows(scope: McpToolScope) {
  const flows: PopulatedFlow[] = [];
  let cursor: string | undefined;
  do {
    const page = await callAsCaller(scope, ENDPOINTS.flows.list, {
      query: { projectId: scope.caller.projectId, limit: 100, ...(cursor === undefined ? {} : { cursor }) },
    });
    flows.push(...page.data);
    cursor = page.next ?? undefined;
  } while (cursor !== undefined && flows.length < MAX_LISTED_FLOWS);
  return flows.slice(0, MAX_LISTED_FLOWS).map((flow) => ({
    id: flow.id,
    displayName: flow.version.displayName,
    status: flow.status,
    published: flow.publishedVersionId !== null && flow.publishedVersionId !== undefined,
    folderId: flow.folderId ?? null,
    trigger:
      flow.version.trigger.type === 'PIECE_TRIGGER'
        ? `${flow.version.trigger.settings.pieceName}/${flow.version.trigger.settings.triggerName ?? '?'}`
        : 'EMPTY',
  }));
}
