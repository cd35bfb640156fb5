/**
 * The queries of the project-members module. Each takes the Kysely instance to run on: `store.db`
 * for reads, or the `trx` of a write transaction for writes. Memberships are read joined with
 * their user, role and project in one query, so a page costs one query whatever its size.
 */
import type { Page } from '@piecework/shared';
import type { DeleteResult, Kysely, UpdateResult } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/**
 * Memberships with their user, role and project, as one select to filter further (by project,
 * role or id) and page with `fetchSeekPage(..., 'projectMember', ...)`.
 */
function selectMembersWithUser(db: Kysely<Database>) {
  return db
    .selectFrom('projectMember')
    .innerJoin('user', 'user.id', 'projectMember.userId')
    .innerJoin('projectRole', 'projectRole.id', 'projectMember.projectRoleId')
    .innerJoin('project', 'project.id', 'projectMember.projectId')
    .select([
      'projectMember.id',
      'projectMember.created',
      'projectMember.updated',
      'projectMember.platformId',
      'projectMember.projectId',
      'projectMember.userId',
      'projectMember.projectRoleId',
      'project.displayName as projectDisplayName',
      'user.platformId as userPlatformId',
      'user.email as userEmail',
      'user.firstName as userFirstName',
      'user.lastName as userLastName',
      'user.platformRole as userPlatformRole',
      'user.status as userStatus',
      'user.externalId as userExternalId',
      'user.verified as userVerified',
      'user.created as userCreated',
      'user.updated as userUpdated',
      'projectRole.platformId as rolePlatformId',
      'projectRole.name as roleName',
      'projectRole.permissions as rolePermissions',
      'projectRole.type as roleType',
      'projectRole.created as roleCreated',
      'projectRole.updated as roleUpdated',
    ]);
}

/** One membership joined with its user, role and project. */
export type MemberWithUserRow = Awaited<
  ReturnType<ReturnType<typeof selectMembersWithUser>['executeTakeFirstOrThrow']>
>;

/** One page of the memberships of project `projectId` (optionally only those holding `projectRoleId`). */
export async function selectMemberPage(
  db: Kysely<Database>,
  projectId: string,
  projectRoleId: string | undefined,
  page: PageRequest,
): Promise<Page<MemberWithUserRow>> {
  let select = selectMembersWithUser(db).where('projectMember.projectId', '=', projectId);
  if (projectRoleId !== undefined) {
    select = select.where('projectMember.projectRoleId', '=', projectRoleId);
  }
  return fetchSeekPage(select, 'projectMember', page);
}

/** Membership `id` with its user, role and project (undefined when there is none). */
export async function findMemberWithUser(
  db: Kysely<Database>,
  id: string,
): Promise<MemberWithUserRow | undefined> {
  return selectMembersWithUser(db).where('projectMember.id', '=', id).executeTakeFirst();
}

/** Project `projectId` of platform `platformId`, with what deciding a caller's role needs. */
export async function findPlatformProject(
  db: Kysely<Database>,
  platformId: string,
  projectId: string,
): Promise<Pick<ProjectRow, 'id' | 'ownerId' | 'type' | 'platformId'> | undefined> {
  return db
    .selectFrom('project')
    .select(['id', 'ownerId', 'type', 'platformId'])
    .where('id', '=', projectId)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Gives membership `id` of project `projectId` role `projectRoleId`. */
export async function setMemberRole(
  trx: Kysely<Database>,
  projectId: string,
  id: string,
  projectRoleId: string,
  updated: string,
): Promise<UpdateResult> {
  return trx
    .updateTable('projectMember')
    .set({ projectRoleId, updated })
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** Deletes membership `id` of project `projectId`. */
export async function deleteProjectMember(
  trx: Kysely<Database>,
  projectId: string,
  id: string,
): Promise<DeleteResult> {
  return trx
    .deleteFrom('projectMember')
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}
