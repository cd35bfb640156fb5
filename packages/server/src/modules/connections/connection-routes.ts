/**
 * App connections: `POST /v1/app-connections` (upsert), `POST|DELETE /v1/app-connections/:id`,
 * `GET /v1/app-connections?projectId&pieceName&displayName&status&scope` (the project's own
 * connections and the global connections it may use, scope PLATFORM), and
 * `POST /v1/app-connections/oauth2/authorization-url` (a piece's consent URL). Values are sealed at rest and
 * never answered. Upserts and renames record connection.upserted, deletes connection.deleted;
 * deleting leaves the flows that use the connection as they are (they fail when they run).
 */
import { ENDPOINTS } from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { toJson } from '../../infrastructure/storage/json-column';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { CONNECTION_COLUMNS, connectionEventData, connectionView } from './connection-view';
import { upsertConnection } from './upsert-connection';
import { oauth2AuthorizationUrl } from './oauth2/authorization-url';
import { withConnectionFilters } from './connection-filters';
import { projectIdsOf } from './global-connection-projects';

/** The app connection routes. */
export function connectionRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.appConnections.upsert, {
      handler: async ({ body, principal, project, request }) => {
        const row = await upsertConnection(ctx, principal, request.ip, project, body);
        return connectionView(row, project.platformId);
      },
    }),
    route(ENDPOINTS.appConnections.oauth2AuthorizationUrl, {
      handler: ({ body }) => oauth2AuthorizationUrl(ctx, body),
    }),
    route(ENDPOINTS.appConnections.update, {
      logEntity: 'connection',
      handler: async ({ params, body, principal, project, request }) => {
        const row = await ctx.store.write(async (trx) => {
          const now = ctx.now();
          const updated = await trx
            .updateTable('appConnection')
            .set({
              displayName: body.displayName,
              updated: now,
              ...(body.metadata === undefined
                ? {}
                : { metadata: body.metadata === null ? null : toJson(body.metadata) }),
            })
            .where('id', '=', params.id)
            .returning(CONNECTION_COLUMNS)
            .executeTakeFirst();
          if (updated === undefined) {
            throw notFound('connection', params.id);
          }
          await recordAuditEvent(trx, now, auditActorOf(principal, request.ip), {
            action: 'connection.upserted',
            data: connectionEventData(updated, project.displayName),
            project,
          });
          return updated;
        });
        return connectionView(row, project.platformId);
      },
    }),
    route(ENDPOINTS.appConnections.list, {
      handler: async ({ query, project }) => {
        const select = ctx.store.db
          .selectFrom('appConnection')
          .select(CONNECTION_COLUMNS)
          .where((eb) => {
            const own = eb('appConnection.projectId', '=', project.id);
            const shared = eb.and([
              eb('appConnection.scope', '=', 'PLATFORM'),
              eb(
                'appConnection.id',
                'in',
                eb
                  .selectFrom('appConnectionProject')
                  .select('appConnectionProject.connectionId')
                  .where('appConnectionProject.projectId', '=', project.id),
              ),
            ]);
            if (query.scope === 'PROJECT') return own;
            if (query.scope === 'PLATFORM') return shared;
            return eb.or([own, shared]);
          });
        const page = await fetchSeekPage(withConnectionFilters(select, query), 'appConnection', {
          limit: query.limit,
          cursor: query.cursor,
        });
        const globalIds = page.data.filter((row) => row.scope === 'PLATFORM').map((row) => row.id);
        const projectIds = await projectIdsOf(ctx.store.db, globalIds);
        return mapPage(page, (row) => connectionView(row, project.platformId, projectIds.get(row.id)));
      },
    }),
    route(ENDPOINTS.appConnections.delete, {
      logEntity: 'connection',
      handler: async ({ params, principal, project, request }) => {
        await ctx.store.write(async (trx) => {
          const row = await trx
            .deleteFrom('appConnection')
            .where('id', '=', params.id)
            .returning(CONNECTION_COLUMNS)
            .executeTakeFirst();
          if (row === undefined) {
            throw notFound('connection', params.id);
          }
          await recordAuditEvent(trx, ctx.now(), auditActorOf(principal, request.ip), {
            action: 'connection.deleted',
            data: connectionEventData(row, project.displayName),
            project,
          });
        });
        return undefined;
      },
    }),
  ];
}
