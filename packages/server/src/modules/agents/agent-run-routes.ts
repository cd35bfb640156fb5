/**
 * Agent runs: `GET /v1/agent-runs?projectId=&flowRunId=` (newest first, cursor pages) and `GET
 * /v1/agent-runs/:id` (READ_RUN on the run's project, as declared). Each answers the AgentRun
 * view of the rows the agent executor writes: the step's request, the conversation, the result so
 * far, the status and, for a failed agent, its error. Another project's agent run is 404.
 */
import { ENDPOINTS } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { agentRunFromRow } from '../../execution/agents/agent-run-rows';

/** The agent-run routes (read only: the agent executor alone writes agent runs). */
export function agentRunRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.agentRuns.list, {
      handler: async ({ query, project }) => {
        let rows = ctx.store.db
          .selectFrom('agentRun')
          .selectAll('agentRun')
          .where('agentRun.projectId', '=', project.id);
        if (query.flowRunId !== undefined) rows = rows.where('agentRun.flowRunId', '=', query.flowRunId);
        const page = await fetchSeekPage(rows, 'agentRun', { limit: query.limit, cursor: query.cursor });
        return mapPage(page, agentRunFromRow);
      },
    }),
    route(ENDPOINTS.agentRuns.get, {
      handler: async ({ params, project }) => {
        const row = await ctx.store.db
          .selectFrom('agentRun')
          .selectAll()
          .where('id', '=', params.id)
          .where('projectId', '=', project.id)
          .executeTakeFirst();
        if (row === undefined) throw notFound('agentRun', params.id);
        return agentRunFromRow(row);
      },
    }),
  ];
}
