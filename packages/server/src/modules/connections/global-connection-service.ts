/**
 * Global connections: PLATFORM-scope rows of `appConnection` shared with a list of the platform's
 * projects, whose flows use them by externalId like their own connections
 * (`read-connection-value.ts`). Upsert by `(platform, externalId)`, list, update (name, projects,
 * preselection) and delete. Values are sealed like app connections' and never answered; upserts
 * and updates record connection.upserted, deletes connection.deleted. Another platform's
 * connection is 404. A plan without `globalConnectionsEnabled` gets 402 FEATURE_DISABLED on every
 * call (flows keep resolving them).
 */
import type {
  AppConnection,
  ListGlobalConnectionsQuery,
  Page,
  UpdateGlobalConnectionRequest,
  UpsertGlobalConnectionRequest,
} from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import { mapPage } from '../../infrastructure/storage/seek-page';
import { recordAuditEvent, type AuditActor } from '../audit-events/record-audit-event';
import { requirePlanFeature } from '../platform-plan/platform-plan';
import { connectionEventData, connectionView } from './connection-view';
import {
  deleteGlobalConnectionRow,
  findGlobalConnectionId,
  listGlobalConnectionRows,
  updateGlobalConnectionDetails,
} from './global-connection-repository';
import { projectIdsOf, setConnectionProjects } from './global-connection-projects';
import type { ClaimContext } from './oauth2/claim-oauth2';
import { writeConnectionRow } from './connection-repository';
import { sealedConnectionContent } from './upsert-connection';

/** What the global connection routes and service use of the server context. */
export type GlobalConnectionDependencies = ClaimContext;

/** Refuses (402 FEATURE_DISABLED) a platform whose plan has no global connections. */
export async function requireGlobalConnections(
  deps: GlobalConnectionDependencies,
  platformId: string,
): Promise<void> {
  await requirePlanFeature(deps, platformId, 'globalConnectionsEnabled');
}

/**
 * Creates or replaces the actor's platform's global connection `request.externalId`; a new one is
 * owned by user `ownerId` (null for an API key).
 */
export async function upsertGlobalConnection(
  ctx: GlobalConnectionDependencies,
  actor: AuditActor,
  ownerId: string | null,
  request: UpsertGlobalConnectionRequest,
): Promise<AppConnection> {
  const { platformId } = actor;
  const content = await sealedConnectionContent(ctx, platformId, request);
  return ctx.store.write(async (trx) => {
    const now = ctx.now();
    const fields = {
      ...content(now),
      preSelectForNewProjects: toSqlBoolean(request.preSelectForNewProjects ?? false),
    };
    const existing = await findGlobalConnectionId(trx, platformId, request.externalId);
    const row = await writeConnectionRow(trx, existing?.id, fields, {
      projectId: null,
      platformId,
      externalId: request.externalId,
      scope: 'PLATFORM',
      ownerId,
      created: now,
    });
    const projectIds = await setConnectionProjects(trx, platformId, row.id, request.projectIds);
    await recordAuditEvent(trx, now, actor, {
      action: 'connection.upserted',
      data: connectionEventData(row, undefined),
    });
    return connectionView(row, platformId, projectIds);
  });
}

/** Renames global connection `id` of the actor's platform and sets its projects (404 when none). */
export async function updateGlobalConnection(
  ctx: GlobalConnectionDependencies,
  actor: AuditActor,
  id: string,
  request: UpdateGlobalConnectionRequest,
): Promise<AppConnection> {
  const { platformId } = actor;
  return ctx.store.write(async (trx) => {
    const now = ctx.now();
    const row = await updateGlobalConnectionDetails(trx, platformId, id, {
      displayName: request.displayName,
      updated: now,
      ...(request.preSelectForNewProjects === undefined
        ? {}
        : { preSelectForNewProjects: toSqlBoolean(request.preSelectForNewProjects) }),
      ...(request.metadata === undefined
        ? {}
        : { metadata: request.metadata === null ? null : toJson(request.metadata) }),
    });
    if (row === undefined) throw notFound('connection', id);
    const projectIds = await setConnectionProjects(trx, platformId, row.id, request.projectIds);
    await recordAuditEvent(trx, now, actor, {
      action: 'connection.upserted',
      data: connectionEventData(row, undefined),
    });
    return connectionView(row, platformId, projectIds);
  });
}

/** One page of platform `platformId`'s global connections, as `query` filters them. */
export async function listGlobalConnections(
  ctx: GlobalConnectionDependencies,
  platformId: string,
  query: ListGlobalConnectionsQuery,
): Promise<Page<AppConnection>> {
  const page = await listGlobalConnectionRows(ctx.store.db, platformId, query, {
    limit: query.limit,
    cursor: query.cursor,
  });
  const projectIds = await projectIdsOf(
    ctx.store.db,
    page.data.map((row) => row.id),
  );
  return mapPage(page, (row) => connectionView(row, platformId, projectIds.get(row.id)));
}

/** Deletes global connection `id` of the actor's platform; 404 when there is none. */
export async function deleteGlobalConnection(
  ctx: GlobalConnectionDependencies,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await ctx.store.write(async (trx) => {
    const row = await deleteGlobalConnectionRow(trx, actor.platformId, id);
    if (row === undefined) throw notFound('connection', id);
    await recordAuditEvent(trx, ctx.now(), actor, {
      action: 'connection.deleted',
      data: connectionEventData(row, undefined),
    });
  });
}
