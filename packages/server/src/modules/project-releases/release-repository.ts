/**
 * The SQL of project releases: `projectRelease` rows (with their importing user), and the reads
 * of a project's flows, connections and flow versions a release captures or applies. One query
 * per function, on the db or a write transaction.
 */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ProjectReleaseTable } from '../../infrastructure/storage/database';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { ReleaseRow } from './release-view';

/** The releases of the database with their users' names, to filter further (always by project). */
function selectReleases(db: Kysely<Database>) {
  return db
    .selectFrom('projectRelease')
    .leftJoin('user', 'user.id', 'projectRelease.importedBy')
    .selectAll('projectRelease')
    .select(['user.email as userEmail', 'user.firstName as userFirstName', 'user.lastName as userLastName']);
}

/** Inserts a release row. */
export async function insertRelease(
  trx: Kysely<Database>,
  values: Insertable<ProjectReleaseTable>,
): Promise<void> {
  await trx.insertInto('projectRelease').values(values).execute();
}

/** Release `id` with its user (throws when there is none). */
export async function selectRelease(db: Kysely<Database>, id: string): Promise<ReleaseRow> {
  return selectReleases(db).where('projectRelease.id', '=', id).executeTakeFirstOrThrow();
}

/** Release `id` of project `projectId` with its user, or undefined. */
export async function selectProjectRelease(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<ReleaseRow | undefined> {
  return selectReleases(db)
    .where('projectRelease.id', '=', id)
    .where('projectRelease.projectId', '=', projectId)
    .executeTakeFirst();
}

/** One seek page of project `projectId`'s releases with their users. */
export async function listProjectReleases(
  db: Kysely<Database>,
  projectId: string,
  page: PageRequest,
): Promise<Page<ReleaseRow>> {
  return fetchSeekPage(
    selectReleases(db).where('projectRelease.projectId', '=', projectId),
    'projectRelease',
    page,
  );
}

/** The applied state of release `id` of project `projectId`, or undefined. */
export async function selectReleaseState(
  db: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<{ state: string } | undefined> {
  return db
    .selectFrom('projectRelease')
    .select('state')
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** Project `projectId` of platform `platformId`, or undefined. */
export async function selectPlatformProject(
  db: Kysely<Database>,
  platformId: string,
  projectId: string,
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('project')
    .selectAll()
    .where('id', '=', projectId)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Project `projectId`'s flows (id, externalId, status, published version), by externalId. */
export async function selectProjectFlows(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('flow')
    .select(['id', 'externalId', 'status', 'publishedVersionId'])
    .where('projectId', '=', projectId)
    .orderBy('externalId')
    .execute();
}

/** Project `projectId`'s own connections (no values), by externalId. */
export async function selectProjectConnections(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('appConnection')
    .select(['externalId', 'displayName', 'pieceName', 'type'])
    .where('projectId', '=', projectId)
    .orderBy('externalId')
    .execute();
}

/** The trigger of every version of flow `flowId`. */
export async function selectFlowVersionTriggers(
  trx: Kysely<Database>,
  flowId: string,
): Promise<{ trigger: string }[]> {
  return trx.selectFrom('flowVersion').select('trigger').where('flowId', '=', flowId).execute();
}
