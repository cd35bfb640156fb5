/**
 * The queries of the projects module. Each takes the Kysely instance to run on: `store.db` for
 * reads, or the `trx` of a write transaction for reads and writes inside one.
 */
import type { ListProjectsQuery, Page } from '@piecework/shared';
import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, ProjectTable } from '../../infrastructure/storage/database';
import { fetchSeekPage } from '../../infrastructure/storage/seek-page';

/**
 * Which of a platform's projects a list may show: all of them, the TEAM ones and those `userId`
 * owns, or those `userId` owns or is a member of.
 */
export type ProjectListScope =
  | { readonly type: 'PLATFORM' }
  | { readonly type: 'TEAM_OR_OWNED'; readonly userId: string }
  | { readonly type: 'OWNED_OR_MEMBER'; readonly userId: string };

/** One page of the projects of `platformId` in `scope` that match `query`'s filters, newest first. */
export async function selectProjectPage(
  db: Kysely<Database>,
  platformId: string,
  scope: ProjectListScope,
  query: ListProjectsQuery,
): Promise<Page<Selectable<ProjectTable>>> {
  let select = db.selectFrom('project').selectAll().where('platformId', '=', platformId);
  if (scope.type === 'TEAM_OR_OWNED') {
    select = select.where((eb) => eb.or([eb('type', '=', 'TEAM'), eb('ownerId', '=', scope.userId)]));
  } else if (scope.type === 'OWNED_OR_MEMBER') {
    const memberOf = db.selectFrom('projectMember').select('projectId').where('userId', '=', scope.userId);
    select = select.where((eb) => eb.or([eb('ownerId', '=', scope.userId), eb('id', 'in', memberOf)]));
  }
  if (query.displayName !== undefined) {
    select = select.where('displayName', 'like', `%${escapeLike(query.displayName)}%`);
  }
  if (query.externalId !== undefined) {
    select = select.where('externalId', '=', query.externalId);
  }
  if (query.types !== undefined) {
    select = select.where('type', 'in', query.types);
  }
  return fetchSeekPage(select, 'project', query);
}

function escapeLike(text: string): string {
  return text.replace(/[%_]/g, '');
}

/** Project `id` of platform `platformId`: its id and type (undefined when there is none). */
export async function findPlatformProjectType(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<{ id: string; type: string } | undefined> {
  return db
    .selectFrom('project')
    .select(['id', 'type'])
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Inserts project `row` and answers it as stored. */
export async function insertProjectRow(
  trx: Kysely<Database>,
  row: Insertable<ProjectTable>,
): Promise<Selectable<ProjectTable>> {
  return trx.insertInto('project').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Applies `changes` to project `id` and answers the changed row. */
export async function updateProjectRow(
  trx: Kysely<Database>,
  id: string,
  changes: Updateable<ProjectTable>,
): Promise<Selectable<ProjectTable>> {
  return trx
    .updateTable('project')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes project `id` (its flows, folders and connections go by foreign key cascade). */
export async function deleteProjectRow(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('project').where('id', '=', id).execute();
}

/** The id of the first-created ADMIN of platform `platformId` (undefined when it has none). */
export async function findFirstAdminId(
  trx: Kysely<Database>,
  platformId: string,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('user')
    .select('id')
    .where('platformId', '=', platformId)
    .where('platformRole', '=', 'ADMIN')
    .orderBy('created', 'asc')
    .executeTakeFirst();
}

/** Per project of `projectIds` that has flows: how many it has and how many are ENABLED. */
export async function countProjectFlows(
  db: Kysely<Database>,
  projectIds: readonly string[],
): Promise<{ projectId: string; total: number; active: number }[]> {
  return db
    .selectFrom('flow')
    .select((eb) => [
      'projectId',
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when ${sql.ref('status')} = 'ENABLED' then 1 else 0 end)`.as('active'),
    ])
    .where('projectId', 'in', projectIds)
    .groupBy('projectId')
    .execute();
}

/**
 * Per project of `projectIds` that has members other than its owner: how many it has and how many
 * of their users are ACTIVE.
 */
export async function countProjectMembers(
  db: Kysely<Database>,
  projectIds: readonly string[],
): Promise<{ projectId: string; total: number; active: number }[]> {
  return db
    .selectFrom('projectMember')
    .innerJoin('user', 'user.id', 'projectMember.userId')
    .innerJoin('project', 'project.id', 'projectMember.projectId')
    .select((eb) => [
      'projectMember.projectId',
      eb.fn.countAll<number>().as('total'),
      sql<number>`sum(case when ${sql.ref('user.status')} = 'ACTIVE' then 1 else 0 end)`.as('active'),
    ])
    .where('projectMember.projectId', 'in', projectIds)
    .whereRef('projectMember.userId', '!=', 'project.ownerId')
    .groupBy('projectMember.projectId')
    .execute();
}

/** The status of each user of `userIds`. */
export async function selectUserStatuses(
  db: Kysely<Database>,
  userIds: readonly string[],
): Promise<{ id: string; status: string }[]> {
  return db.selectFrom('user').select(['id', 'status']).where('id', 'in', userIds).execute();
}

/** The platform of project `projectId`, if it exists. */
export function findProjectPlatformId(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('project').select('platformId').where('id', '=', projectId).executeTakeFirst();
}
