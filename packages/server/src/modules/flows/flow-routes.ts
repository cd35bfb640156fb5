/** The routes of the Flows block: `/v1/flows` and `/v1/flows/:id[/versions|/template]`. */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerBase } from '../../server-context';
import { FlowService } from './flow-service';
import { migrateImportFlowBody } from './import-flow-body';
import { versionPreconditionOf } from './version-precondition';

/** Every flow route, bound to one {@link FlowService}. */
export function flowRoutes(ctx: ServerBase): RouteDefinition[] {
  const flows = new FlowService(ctx);
  return [
    route(ENDPOINTS.flows.create, {
      handler: ({ body, principal, project, request }) => flows.create(principal, request, project, body),
    }),
    route(ENDPOINTS.flows.list, {
      handler: ({ query, project }) => flows.list(project, query),
    }),
    route(ENDPOINTS.flows.count, {
      handler: ({ query, project }) => flows.count(project, query),
    }),
    route(ENDPOINTS.flows.get, {
      logEntity: 'flow',
      handler: ({ params, query, project }) => flows.get(project, params.id, query.versionId),
    }),
    route(ENDPOINTS.flows.update, {
      logEntity: 'flow',
      prepareBody: migrateImportFlowBody,
      handler: ({ params, body, principal, project, request }) =>
        flows.update(principal, request, project, params.id, body, {
          precondition: versionPreconditionOf(request.headers['if-match']),
        }),
    }),
    route(ENDPOINTS.flows.delete, {
      logEntity: 'flow',
      handler: ({ params, principal, project, request }) =>
        flows.delete(principal, request, project, params.id),
    }),
    route(ENDPOINTS.flows.listVersions, {
      logEntity: 'flow',
      handler: ({ params, query, project }) => flows.listVersions(project, params.id, query),
    }),
    route(ENDPOINTS.flows.getTemplate, {
      logEntity: 'flow',
      handler: ({ params, query, principal, project }) =>
        flows.getTemplate(principal, project, params.id, query.versionId),
    }),
  ];
}
