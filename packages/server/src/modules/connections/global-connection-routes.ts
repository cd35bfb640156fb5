/**
 * Global connections (`/v1/global-connections`, platform admins): upsert, list, update and delete
 * a platform's shared connections. Every route first checks that the plan has
 * `globalConnectionsEnabled`. The behaviour is in `global-connection-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { auditActorOf } from '../audit-events/record-audit-event';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  deleteGlobalConnection,
  listGlobalConnections,
  requireGlobalConnections,
  updateGlobalConnection,
  upsertGlobalConnection,
  type GlobalConnectionDependencies,
} from './global-connection-service';

/** The global connection routes. */
export function globalConnectionRoutes(deps: GlobalConnectionDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.globalConnections.upsert, {
      handler: async ({ body, principal, request }) => {
        await requireGlobalConnections(deps, principal.platformId);
        const ownerId = principal.type === 'USER' ? principal.id : null;
        return upsertGlobalConnection(deps, auditActorOf(principal, request.ip), ownerId, body);
      },
    }),
    route(ENDPOINTS.globalConnections.list, {
      handler: async ({ query, principal }) => {
        await requireGlobalConnections(deps, principal.platformId);
        return listGlobalConnections(deps, principal.platformId, query);
      },
    }),
    route(ENDPOINTS.globalConnections.update, {
      logEntity: 'connection',
      handler: async ({ params, body, principal, request }) => {
        await requireGlobalConnections(deps, principal.platformId);
        return updateGlobalConnection(deps, auditActorOf(principal, request.ip), params.id, body);
      },
    }),
    route(ENDPOINTS.globalConnections.delete, {
      logEntity: 'connection',
      handler: async ({ params, principal, request }) => {
        await requireGlobalConnections(deps, principal.platformId);
        await deleteGlobalConnection(deps, auditActorOf(principal, request.ip), params.id);
        return undefined;
      },
    }),
  ];
}
