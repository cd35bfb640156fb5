/**
 * The caller's role in a project, as `GET /v1/project-members/role` answers it: the role whose
 * permissions the server actually applies to the caller there. API keys, platform ADMINs, the
 * project's owner and OPERATORs (on every project but other users' PERSONAL ones) act as Admin;
 * members have their membership's role; anyone else has none (null).
 */
import type { ProjectRoleWithType } from '@piecework/shared';
import type { Principal } from '../../infrastructure/auth/principal';
import { projectReach } from '../access/project-access';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { ServerContext } from '../../server-context';
import { findProjectRoleByName } from '../project-roles/project-role-lookup';
import { projectRoleView } from '../project-roles/project-role-view';

/** What deciding a caller's role uses of the server context: the store and what `projectReach` needs. */
export type CallerProjectRoleDependencies = Pick<ServerContext, 'store'> & Parameters<typeof projectReach>[0];

/** The role `principal` holds on `project`, or null when it holds none. */
export async function callerProjectRole(
  ctx: CallerProjectRoleDependencies,
  principal: Principal,
  project: Pick<ProjectRow, 'id' | 'ownerId' | 'type' | 'platformId'>,
): Promise<ProjectRoleWithType | null> {
  const reach = await projectReach(ctx, principal, project);
  switch (reach.via) {
    case 'NONE':
      return null;
    case 'MEMBER':
      return projectRoleView(reach.role);
    case 'ADMIN': {
      const admin = await findProjectRoleByName(ctx.store.db, project.platformId, 'Admin');
      if (admin === undefined) {
        throw new Error('The default project role Admin is missing (migration 0007-project-roles seeds it)');
      }
      return projectRoleView(admin);
    }
  }
}
