/**
 * App connections: `POST /v1/app-connections` (upsert), `POST|DELETE /v1/app-connections/:id`,
 * `GET /v1/app-connections?projectId&pieceName&displayName&status&scope` (the project's own
 * connections and the global connections it may use, scope PLATFORM), and
 * `POST /v1/app-connections/oauth2/authorization-url` (a piece's consent URL). Values are sealed
 * at rest and never answered. The behaviour is in `upsert-connection.ts` and `connection-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { auditActorOf } from '../audit-events/record-audit-event';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { connectionView } from './connection-view';
import {
  deleteConnection,
  listConnections,
  updateConnection,
  type ConnectionDependencies,
} from './connection-service';
import { upsertConnection } from './upsert-connection';
import { oauth2AuthorizationUrl } from './oauth2/authorization-url';

/** The app connection routes. */
export function connectionRoutes(deps: ConnectionDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.appConnections.upsert, {
      handler: async ({ body, principal, project, request }) => {
        const ownerId = principal.type === 'USER' ? principal.id : null;
        const row = await upsertConnection(deps, auditActorOf(principal, request.ip), ownerId, project, body);
        return connectionView(row, project.platformId);
      },
    }),
    route(ENDPOINTS.appConnections.oauth2AuthorizationUrl, {
      handler: ({ body }) => oauth2AuthorizationUrl(deps, body),
    }),
    route(ENDPOINTS.appConnections.update, {
      logEntity: 'connection',
      handler: async ({ params, body, principal, project, request }) =>
        updateConnection(deps, project, auditActorOf(principal, request.ip), params.id, body),
    }),
    route(ENDPOINTS.appConnections.list, {
      handler: async ({ query, project }) => listConnections(deps, project, query),
    }),
    route(ENDPOINTS.appConnections.delete, {
      logEntity: 'connection',
      handler: async ({ params, principal, project, request }) => {
        await deleteConnection(deps, project, auditActorOf(principal, request.ip), params.id);
        return undefined;
      },
    }),
  ];
}
