/** The routes of the Flow runs block: `/v1/flow-runs[...]`, and the public resume URLs of paused runs. */
import { ENDPOINTS } from '@piecework/shared';
import { rawRoute, route, type RouteDefinition } from '../../http/route';
import type { ServerContext } from '../../server-context';
import { incomingRequest, webhookBodyLimit } from '../webhooks/webhook-routes';
import { FlowRunService } from './flow-run-service';
import { resumeRun } from './resume-run';

/** Every run route, bound to one {@link FlowRunService}. */
export function flowRunRoutes(ctx: ServerContext): RouteDefinition[] {
  const runs = new FlowRunService(ctx);
  const bodyLimitBytes = webhookBodyLimit(ctx);
  return [
    route(ENDPOINTS.flowRuns.list, {
      handler: ({ query, principal }) => runs.list(principal, query),
    }),
    route(ENDPOINTS.flowRuns.get, {
      logEntity: 'flowRun',
      handler: ({ params, principal }) => runs.get(principal, params.id),
    }),
    route(ENDPOINTS.flowRuns.retry, {
      logEntity: 'flowRun',
      handler: ({ params, body, principal, request }) => runs.retry(principal, request, params.id, body),
    }),
    route(ENDPOINTS.flowRuns.cancel, {
      handler: ({ body, principal }) => runs.cancel(principal, body),
    }),
    route(ENDPOINTS.flowRuns.test, {
      handler: ({ body, principal }) => runs.test(principal, body),
    }),
    rawRoute(ENDPOINTS.flowRuns.resume, {
      logEntity: 'flowRun',
      bodyLimitBytes,
      handler: ({ params, body, request }) =>
        resumeRun(ctx, params.id, params.requestId, incomingRequest(body, request), false),
    }),
    rawRoute(ENDPOINTS.flowRuns.resumeSync, {
      logEntity: 'flowRun',
      bodyLimitBytes,
      handler: ({ params, body, request }) =>
        resumeRun(ctx, params.id, params.requestId, incomingRequest(body, request), true),
    }),
  ];
}
