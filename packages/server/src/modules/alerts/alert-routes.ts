/**
 * A project's alert receivers: `POST /v1/alerts`, `GET /v1/alerts?projectId`, `DELETE
 * /v1/alerts/:id` (READ_ALERT / WRITE_ALERT on the project, as declared). Each receiver is emailed when a
 * production run of one of the project's flows fails (`run-failure-alerts.ts`). Adding an address
 * the project already has answers the existing receiver.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { createAlert, deleteAlert, listAlerts, type AlertDependencies } from './alert-service';

/** The alert routes. */
export function alertRoutes(deps: AlertDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.alerts.create, {
      handler: async ({ body, project }) => createAlert(deps, project, body),
    }),
    route(ENDPOINTS.alerts.list, {
      handler: async ({ query, project }) =>
        listAlerts(deps, project, { limit: query.limit, cursor: query.cursor }),
    }),
    route(ENDPOINTS.alerts.delete, {
      handler: async ({ params, project }) => {
        await deleteAlert(deps, project, params.id);
        return undefined;
      },
    }),
  ];
}
