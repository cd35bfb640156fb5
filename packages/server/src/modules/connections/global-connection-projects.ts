/**
 * The projects a global (PLATFORM-scope) connection is shared with, kept in
 * `appConnectionProject`: read them for views, replace them on upsert and update, and add every
 * new project to the connections marked `preSelectForNewProjects`.
 */
import type { Kysely } from 'kysely';
import { notFound } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';

/** The project ids of each of `connectionIds` (global connections), in a stable order. */
export async function projectIdsOf(
  db: Kysely<Database>,
  connectionIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byConnection = new Map<string, string[]>(connectionIds.map((id) => [id, []]));
  if (connectionIds.length === 0) return byConnection;
  const rows = await db
    .selectFrom('appConnectionProject')
    .select(['connectionId', 'projectId'])
    .where('connectionId', 'in', connectionIds)
    .orderBy('projectId')
    .execute();
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
    const found = await trx
      .selectFrom('project')
      .select('id')
      .where('platformId', '=', platformId)
      .where('id', 'in', wanted)
      .execute();
    const known = new Set(found.map((row) => row.id));
    const unknown = wanted.find((id) => !known.has(id));
    if (unknown !== undefined) throw notFound('project', unknown);
  }
  await trx.deleteFrom('appConnectionProject').where('connectionId', '=', connectionId).execute();
  if (wanted.length > 0) {
    await trx
      .insertInto('appConnectionProject')
      .values(wanted.map((projectId) => ({ connectionId, projectId })))
      .execute();
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
  const preselected = await trx
    .selectFrom('appConnection')
    .select('id')
    .where('platformId', '=', platformId)
    .where('scope', '=', 'PLATFORM')
    .where('preSelectForNewProjects', '=', 1)
    .execute();
  if (preselected.length === 0) return;
  await trx
    .insertInto('appConnectionProject')
    .values(preselected.map((row) => ({ connectionId: row.id, projectId })))
    .execute();
}
