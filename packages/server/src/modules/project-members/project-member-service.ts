/**
 * Project members: list a project's members with their user and role, change a member's role by
 * name, remove a member, and the caller's own role in a project. Members are created by accepting
 * invitations.
 */
import type { Page, ProjectMemberWithUser, ProjectRoleWithType } from '@piecework/shared';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import { mapPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import type { ServerContext } from '../../server-context';
import { requireProjectRoleByName } from '../project-roles/project-role-lookup';
import { callerProjectRole, type CallerProjectRoleDependencies } from './caller-project-role';
import {
  deleteProjectMember,
  findMemberWithUser,
  findPlatformProject,
  selectMemberPage,
  setMemberRole,
} from './project-member-repository';
import { projectMemberWithUserView } from './project-member-view';

/**
 * What the project-member routes and service use of the server context: the store, the clock and
 * what deciding the caller's role in a project needs.
 */
export type ProjectMemberDependencies = Pick<ServerContext, 'store' | 'now'> & CallerProjectRoleDependencies;

/** One page of the members of project `projectId` (optionally only those holding `projectRoleId`). */
export async function listProjectMembers(
  deps: ProjectMemberDependencies,
  projectId: string,
  query: PageRequest & { projectRoleId?: string | undefined },
): Promise<Page<ProjectMemberWithUser>> {
  const page = await selectMemberPage(deps.store.db, projectId, query.projectRoleId, query);
  return mapPage(page, projectMemberWithUserView);
}

/** The caller's role in project `projectId` of its platform (null: none); 404 for another platform's. */
export async function getCallerProjectRole(
  deps: ProjectMemberDependencies,
  principal: Principal,
  projectId: string,
): Promise<ProjectRoleWithType | null> {
  const project = await findPlatformProject(deps.store.db, principal.platformId, projectId);
  if (project === undefined) {
    throw notFound('project', projectId);
  }
  return callerProjectRole(deps, principal, project);
}

/** Gives member `id` of project `projectId` the role named `roleName`; 404 for an unknown member or role. */
export async function changeMemberRole(
  deps: ProjectMemberDependencies,
  principal: Principal,
  projectId: string,
  id: string,
  roleName: string,
): Promise<ProjectMemberWithUser> {
  await deps.store.write(async (trx) => {
    // Serialises with role deletion, which removes the memberships of the role it deletes.
    await lockRowForWrite(trx, 'platform', principal.platformId);
    const role = await requireProjectRoleByName(trx, principal.platformId, roleName);
    const changed = await setMemberRole(trx, projectId, id, role.id, deps.now());
    if (changed.numUpdatedRows === 0n) {
      throw notFound('projectMember', id);
    }
  });
  const row = await findMemberWithUser(deps.store.db, id);
  if (row === undefined) {
    throw notFound('projectMember', id);
  }
  return projectMemberWithUserView(row);
}

/** Removes member `id` of project `projectId`; 404 when it has no such member. */
export async function removeProjectMember(
  deps: ProjectMemberDependencies,
  projectId: string,
  id: string,
): Promise<void> {
  const deleted = await deps.store.write((trx) => deleteProjectMember(trx, projectId, id));
  if (deleted.numDeletedRows === 0n) {
    throw notFound('projectMember', id);
  }
}
