/**
 * Memberships as the API shows them (`ProjectMemberWithUser`), from the member row joined with its
 * user, role and project that the repository reads in one query, so a page costs one query
 * whatever its size.
 */
import type { ProjectMemberWithUser } from '@piecework/shared';
import { userView } from '../identity/user-view';
import { projectRoleView } from '../project-roles/project-role-view';
import type { MemberWithUserRow } from './project-member-repository';

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
