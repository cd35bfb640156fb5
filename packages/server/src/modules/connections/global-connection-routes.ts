/**
 * Global connections (`/v1/global-connections`, platform admins): PLATFORM-scope rows of
 * `appConnection` shared with a list of the platform's projects, whose flows use them by
 * externalId like their own connections (`read-connection-value.ts`). Upsert by `(platform,
 * externalId)`, list, update (name, projects, preselection) and delete. Values are sealed like app
 * connections' and never answered; upserts and updates record connection.upserted, deletes
 * connection.deleted. Another platform's connection is 404. A plan without
 * `globalConnectionsEnabled` gets 402 FEATURE_DISABLED on every route (flows keep resolving them).
 */
import {
  ENDPOINTS,
  type AppConnection,
  type UpdateGlobalConnectionRequest,
  type UpsertGlobalConnectionRequest,
} from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { withConnectionFilters } from './connection-filters';
import { CONNECTION_COLUMNS, connectionEventData, connectionView } from './connection-view';
import { projectIdsOf, setConnectionProjects } from './global-connection-projects';
import { requirePlanFeature } from '../platform-plan/platform-plan';
import { sealedConnectionContent, writeConnectionRow } from './upsert-connection';

/** Creates or replaces the platform's global connection `request.externalId`. */
async function upsertGlobalConnection(
  ctx: ServerContext,
  principal: Principal,
  ip: string,
  request: UpsertGlobalConnectionRequest,
): Promise<AppConnection> {
  const { platformId } = principal;
  const content = await sealedConnectionContent(ctx, platformId, request);
  return ctx.store.write(async (trx) => {
    const now = ctx.now();
    const fields = {
      ...content(now),
      preSelectForNewProjects: toSqlBoolean(request.preSelectForNewProjects ?? false),
    };
    const existing = await trx
      .selectFrom('appConnection')
      .select('id')
      .where('platformId', '=', platformId)
      .where('scope', '=', 'PLATFORM')
      .where('externalId', '=', request.externalId)
      .executeTakeFirst();
    const row = await writeConnectionRow(trx, existing?.id, fields, {
      projectId: null,
      platformId,
      externalId: request.externalId,
      scope: 'PLATFORM',
      ownerId: principal.type === 'USER' ? principal.id : null,
      created: now,
    });
    const projectIds = await setConnectionProjects(trx, platformId, row.id, request.projectIds);
    await recordAuditEvent(trx, now, auditActorOf(principal, ip), {
      action: 'connection.upserted',
      data: connectionEventData(row, undefined),
    });
    return connectionView(row, platformId, projectIds);
  });
}

/** Renames global connection `id` of the caller's platform and sets its projects (404 when none). */
async function updateGlobalConnection(
  ctx: ServerContext,
  principal: Principal,
  ip: string,
  id: string,
  request: UpdateGlobalConnectionRequest,
): Promise<AppConnection> {
  const { platformId } = principal;
  return ctx.store.write(async (trx) => {
    const now = ctx.now();
    const row = await trx
      .updateTable('appConnection')
      .set({
        displayName: request.displayName,
        updated: now,
        ...(request.preSelectForNewProjects === undefined
          ? {}
          : { preSelectForNewProjects: toSqlBoolean(request.preSelectForNewProjects) }),
        ...(request.metadata === undefined
          ? {}
          : { metadata: request.metadata === null ? null : toJson(request.metadata) }),
      })
      .where('id', '=', id)
      .where('platformId', '=', platformId)
      .where('scope', '=', 'PLATFORM')
      .returning(CONNECTION_COLUMNS)
      .executeTakeFirst();
    if (row === undefined) throw notFound('connection', id);
    const projectIds = await setConnectionProjects(trx, platformId, row.id, request.projectIds);
    await recordAuditEvent(trx, now, auditActorOf(principal, ip), {
      action: 'connection.upserted',
      data: connectionEventData(row, undefined),
    });
    return connectionView(row, platformId, projectIds);
  });
}

/** The global connection routes. */
export function globalConnectionRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.globalConnections.upsert, {
      handler: async ({ body, principal, request }) => {
        await requirePlanFeature(ctx, principal.platformId, 'globalConnectionsEnabled');
        return upsertGlobalConnection(ctx, principal, request.ip, body);
      },
    }),
    route(ENDPOINTS.globalConnections.list, {
      handler: async ({ query, principal }) => {
        await requirePlanFeature(ctx, principal.platformId, 'globalConnectionsEnabled');
        const select = ctx.store.db
          .selectFrom('appConnection')
          .select(CONNECTION_COLUMNS)
          .where('appConnection.platformId', '=', principal.platformId)
          .where('appConnection.scope', '=', 'PLATFORM');
        const page = await fetchSeekPage(withConnectionFilters(select, query), 'appConnection', {
          limit: query.limit,
          cursor: query.cursor,
        });
        const projectIds = await projectIdsOf(
          ctx.store.db,
          page.data.map((row) => row.id),
        );
        return mapPage(page, (row) => connectionView(row, principal.platformId, projectIds.get(row.id)));
      },
    }),
    route(ENDPOINTS.globalConnections.update, {
      logEntity: 'connection',
      handler: async ({ params, body, principal, request }) => {
        await requirePlanFeature(ctx, principal.platformId, 'globalConnectionsEnabled');
        return updateGlobalConnection(ctx, principal, request.ip, params.id, body);
      },
    }),
    route(ENDPOINTS.globalConnections.delete, {
      logEntity: 'connection',
      handler: async ({ params, principal, request }) => {
        await requirePlanFeature(ctx, principal.platformId, 'globalConnectionsEnabled');
        await ctx.store.write(async (trx) => {
          const row = await trx
            .deleteFrom('appConnection')
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .where('scope', '=', 'PLATFORM')
            .returning(CONNECTION_COLUMNS)
            .executeTakeFirst();
          if (row === undefined) throw notFound('connection', params.id);
          await recordAuditEvent(trx, ctx.now(), auditActorOf(principal, request.ip), {
            action: 'connection.deleted',
            data: connectionEventData(row, undefined),
          });
        });
        return undefined;
      },
    }),
  ];
}
