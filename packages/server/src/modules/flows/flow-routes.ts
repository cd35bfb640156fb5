/** The routes of the Flows block: `/v1/flows` and `/v1/flows/:id[/versions|/template]`. */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../http/route';
import type { ServerContext } from '../../server-context';
import { FlowService } from './flow-service';
import { migrateImportFlowBody } from './import-flow-body';

/** Every flow route, bound to one {@link FlowService}. */
export function flowRoutes(ctx: ServerContext): RouteDefinition[] {
  const flows = new FlowService(ctx);
  return [
    route(ENDPOINTS.flows.create, {
      handler: ({ body, principal, request }) => flows.create(principal, request, body),
    }),
    route(ENDPOINTS.flows.list, {
      handler: ({ query, principal }) => flows.list(principal, query),
    }),
    route(ENDPOINTS.flows.count, {
      handler: ({ query, principal }) => flows.count(principal, query),
    }),
    route(ENDPOINTS.flows.get, {
      logEntity: 'flow',
      handler: ({ params, query, principal }) => flows.get(principal, params.id, query.versionId),
    }),
    route(ENDPOINTS.flows.update, {
      logEntity: 'flow',
      prepareBody: migrateImportFlowBody,
      handler: ({ params, body, principal, request }) => flows.update(principal, request, params.id, body),
    }),
    route(ENDPOINTS.flows.delete, {
      logEntity: 'flow',
      handler: ({ params, principal, request }) => flows.delete(principal, request, params.id),
    }),
    route(ENDPOINTS.flows.listVersions, {
      logEntity: 'flow',
      handler: ({ params, query, principal }) => flows.listVersions(principal, params.id, query),
    }),
    route(ENDPOINTS.flows.getTemplate, {
      logEntity: 'flow',
      handler: ({ params, query, principal }) => flows.getTemplate(principal, params.id, query.versionId),
    }),
  ];
}
