/**
 * Reading memberships as the API shows them (`ProjectMemberWithUser`): the member row joined with
 * its user, role and project in one query, so a page costs one query whatever its size.
 */
import type { ProjectMemberWithUser } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { userView } from '../identity/user-view';
import { projectRoleView } from '../project-roles/project-role-view';

/**
 * Memberships with their user, role and project, as one select to filter further (by project,
 * role or id) and page with `fetchSeekPage(..., 'projectMember', ...)`.
 */
export function selectMembersWithUser(db: Kysely<Database>) {
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

/** One row of {@link selectMembersWithUser}. */
export type MemberWithUserRow = Awaited<
  ReturnType<ReturnType<typeof selectMembersWithUser>['executeTakeFirstOrThrow']>
>;

/** A joined membership row as the API answers it. */
export function projectMemberWithUserView(row: MemberWithUserRow): ProjectMemberWithUser {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    platformId: row.platformId,
    projectId: row.projectId,
    userId: row.userId,
    projectRoleId: row.projectRoleId,
    projectRole: projectRoleView({
      id: row.projectRoleId,
      platformId: row.rolePlatformId,
      name: row.roleName,
      permissions: row.rolePermissions,
      type: row.roleType,
      created: row.roleCreated,
      updated: row.roleUpdated,
    }),
    project: { id: row.projectId, displayName: row.projectDisplayName },
    user: userView({
      id: row.userId,
      platformId: row.userPlatformId,
      email: row.userEmail,
      firstName: row.userFirstName,
      lastName: row.userLastName,
      platformRole: row.userPlatformRole,
      status: row.userStatus,
      externalId: row.userExternalId,
      verified: row.userVerified,
      created: row.userCreated,
      updated: row.userUpdated,
    }),
  };
}
