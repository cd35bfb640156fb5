/**
 * `GET /v1/audit-events?projectId&action&cursor&limit`: the caller's platform's audit events,
 * newest first (default 20 a page). Platform admins only (ADMIN users and API keys); anyone else
 * gets 403 AUTHORIZATION.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { listAuditEvents, type AuditEventDependencies } from './audit-event-service';

/** The audit event routes. */
export function auditEventRoutes(deps: AuditEventDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.auditEvents.list, {
      handler: async ({ query, principal }) => listAuditEvents(deps, principal.platformId, query),
    }),
  ];
}
