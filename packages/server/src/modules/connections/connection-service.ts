/**
 * A project's app connections beyond the upsert (`upsert-connection.ts`): rename, list (the
 * project's own connections and the global connections it may use) and delete. Renames record
 * connection.upserted, deletes connection.deleted; deleting leaves the flows that use the
 * connection as they are (they fail when they run).
 */
import type {
  AppConnection,
  ListAppConnectionsQuery,
  Page,
  UpdateAppConnectionRequest,
} from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { toJson } from '../../infrastructure/storage/json-column';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { mapPage } from '../../infrastructure/storage/seek-page';
import { recordAuditEvent, type AuditActor } from '../audit-events/record-audit-event';
import {
  deleteConnectionRow,
  listProjectConnections,
  updateConnectionDetails,
} from './connection-repository';
import { connectionEventData, connectionView } from './connection-view';
import { projectIdsOf } from './global-connection-projects';
import type { ClaimContext } from './oauth2/claim-oauth2';

/** What the app connection routes and service use of the server context. */
export type ConnectionDependencies = ClaimContext;

/** Renames connection `id` of `project` and sets its metadata when given; 404 when there is none. */
export async function updateConnection(
  deps: ConnectionDependencies,
  project: ProjectRow,
  actor: AuditActor,
  id: string,
  request: UpdateAppConnectionRequest,
): Promise<AppConnection> {
  const row = await deps.store.write(async (trx) => {
    const now = deps.now();
    const updated = await updateConnectionDetails(trx, id, {
      displayName: request.displayName,
      updated: now,
      ...(request.metadata === undefined
        ? {}
        : { metadata: request.metadata === null ? null : toJson(request.metadata) }),
    });
    if (updated === undefined) {
      throw notFound('connection', id);
    }
    await recordAuditEvent(trx, now, actor, {
      action: 'connection.upserted',
      data: connectionEventData(updated, project.displayName),
      project,
    });
    return updated;
  });
  return connectionView(row, project.platformId);
}

/** One page of the connections `project` may use, as `query` filters them. */
export async function listConnections(
  deps: ConnectionDependencies,
  project: ProjectRow,
  query: ListAppConnectionsQuery,
): Promise<Page<AppConnection>> {
  const page = await listProjectConnections(deps.store.db, project.id, query.scope, query, {
    limit: query.limit,
    cursor: query.cursor,
  });
  const globalIds = page.data.filter((row) => row.scope === 'PLATFORM').map((row) => row.id);
  const projectIds = await projectIdsOf(deps.store.db, globalIds);
  return mapPage(page, (row) => connectionView(row, project.platformId, projectIds.get(row.id)));
}

/** Deletes connection `id` of `project`; 404 when there is none. */
export async function deleteConnection(
  deps: ConnectionDependencies,
  project: ProjectRow,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await deps.store.write(async (trx) => {
    const row = await deleteConnectionRow(trx, id);
    if (row === undefined) {
      throw notFound('connection', id);
    }
    await recordAuditEvent(trx, deps.now(), actor, {
      action: 'connection.deleted',
      data: connectionEventData(row, project.displayName),
      project,
    });
  });
}
