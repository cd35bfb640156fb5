/**
 * Agent runs: `GET /v1/agent-runs?projectId=&flowRunId=` (newest first, cursor pages) and `GET
 * /v1/agent-runs/:id` (READ_RUN on the run's project, as declared). Each answers the AgentRun
 * view of the rows the agent executor writes: the step's request, the conversation, the result so
 * far, the status and, for a failed agent, its error. Another project's agent run is 404.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { getAgentRun, listAgentRuns, type AgentRunDependencies } from './agent-run-service';

/** The agent-run routes (read only: the agent executor alone writes agent runs). */
export function agentRunRoutes(ctx: AgentRunDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.agentRuns.list, {
      handler: ({ query, project }) =>
        listAgentRuns(ctx, project, query.flowRunId, { limit: query.limit, cursor: query.cursor }),
    }),
    route(ENDPOINTS.agentRuns.get, {
      handler: ({ params, project }) => getAgentRun(ctx, project, params.id),
    }),
  ];
}
