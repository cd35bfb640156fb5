/**
 * `GET /v1/audit-events?projectId&action&cursor&limit`: the caller's platform's audit events,
 * newest first (default 20 a page). Platform admins only (ADMIN users and API keys); anyone else
 * gets 403 AUTHORIZATION.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { auditEventView } from './audit-event-view';

/** The audit event routes. */
export function auditEventRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.auditEvents.list, {
      handler: async ({ query, principal }) => {
        let select = ctx.store.db
          .selectFrom('auditEvent')
          .selectAll('auditEvent')
          .where('auditEvent.platformId', '=', principal.platformId);
        if (query.projectId !== undefined) {
          select = select.where('auditEvent.projectId', '=', query.projectId);
        }
        if (query.action !== undefined) {
          select = select.where('auditEvent.action', '=', query.action);
        }
        const page = await fetchSeekPage(select, 'auditEvent', { limit: query.limit, cursor: query.cursor });
        return mapPage(page, auditEventView);
      },
    }),
  ];
}
