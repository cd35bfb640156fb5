/**
 * The projects a global (PLATFORM-scope) connection is shared with, kept in
 * `appConnectionProject`: read them for views, replace them on upsert and update, and add every
 * new project to the connections marked `preSelectForNewProjects`.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import {
  deleteConnectionProjects,
  insertConnectionProjects,
  selectConnectionProjects,
  selectPlatformProjectIds,
  selectPreselectedConnectionIds,
} from './global-connection-repository';

/** The project ids of each of `connectionIds` (global connections), in a stable order. */
export async function projectIdsOf(
  db: Kysely<Database>,
  connectionIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byConnection = new Map<string, string[]>(connectionIds.map((id) => [id, []]));
  if (connectionIds.length === 0) return byConnection;
  const rows = await selectConnectionProjects(db, connectionIds);
  for (const row of rows) byConnection.get(row.connectionId)?.push(row.projectId);
  return byConnection;
}

/**
 * Makes `projectIds` the projects of global connection `connectionId`. Each must be a project of
 * `platformId`: any other id is 404 ENTITY_NOT_FOUND (as if it did not exist) and, thrown inside
 * the caller's write transaction, writes nothing.
 */
export async function setConnectionProjects(
  trx: Kysely<Database>,
  platformId: string,
  connectionId: string,
  projectIds: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(projectIds)].sort();
  if (wanted.length > 0) {
    const found = await selectPlatformProjectIds(trx, platformId, wanted);
    const known = new Set(found.map((row) => row.id));
    const unknown = wanted.find((id) => !known.has(id));
    if (unknown !== undefined) throw notFound('project', unknown);
  }
  await deleteConnectionProjects(trx, connectionId);
  if (wanted.length > 0) {
    await insertConnectionProjects(
      trx,
      wanted.map((projectId) => ({ connectionId, projectId })),
    );
  }
  return wanted;
}

/**
 * Adds the new project `projectId` of `platformId` to every global connection of the platform
 * marked `preSelectForNewProjects`. Call it in the transaction that creates the project.
 */
export async function addProjectToPreselectedConnections(
  trx: Kysely<Database>,
  platformId: string,
  projectId: string,
): Promise<void> {
  const preselected = await selectPreselectedConnectionIds(trx, platformId);
  if (preselected.length === 0) return;
  await insertConnectionProjects(
    trx,
    preselected.map((row) => ({ connectionId: row.id, projectId })),
  );
}
