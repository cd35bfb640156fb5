/** The routes of the Flow runs block: `/v1/flow-runs[...]`, and the public resume URLs of paused runs. */
import { ENDPOINTS } from '@piecework/shared';
import { rawRoute, route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { incomingRequest, webhookBodyLimit } from '../webhooks/webhook-routes';
import { FlowRunService } from './flow-run-service';
import { resumeRun } from './resume-run';
import { StorageUsageService } from './storage-usage-service';
import { archiveSelectedRuns, retrySelectedRuns } from './bulk-run-actions';

/** What the run routes use from the server context: its store, clock, settings and run machinery. */
export type FlowRunRouteDependencies = Pick<ServerContext, 'store' | 'now' | 'settings' | 'runs'>;

/** Every run route, bound to one {@link FlowRunService}. */
export function flowRunRoutes(ctx: FlowRunRouteDependencies): RouteDefinition[] {
  const runs = new FlowRunService(ctx);
  const storage = new StorageUsageService(ctx);
  const bodyLimitBytes = webhookBodyLimit(ctx);
  return [
    route(ENDPOINTS.flowRuns.list, {
      handler: ({ query, project }) => runs.list(project, query),
    }),
    route(ENDPOINTS.flowRuns.storageUsage, {
      handler: ({ project }) => storage.forProject(project.id),
    }),
    route(ENDPOINTS.flowRuns.get, {
      logEntity: 'flowRun',
      handler: ({ params, project }) => runs.get(project, params.id),
    }),
    route(ENDPOINTS.flowRuns.retry, {
      logEntity: 'flowRun',
      handler: ({ params, body, principal, project, request }) =>
        runs.retry(principal, request, project, params.id, body),
    }),
    route(ENDPOINTS.flowRuns.retryMany, {
      handler: ({ body, principal, project, request }) =>
        retrySelectedRuns(ctx, runs, principal, request, project, body),
    }),
    route(ENDPOINTS.flowRuns.archive, {
      handler: ({ body, project }) => archiveSelectedRuns(ctx, project, body),
    }),
    route(ENDPOINTS.flowRuns.cancel, {
      handler: ({ body, project }) => runs.cancel(project, body),
    }),
    route(ENDPOINTS.flowRuns.test, {
      handler: ({ body, principal, project }) => runs.test(principal, project, body),
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
