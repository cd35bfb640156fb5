/**
 * Project roles of a platform: list and read the default roles and the platform's custom roles
 * (each with how many of the platform's members hold it); create, replace and delete custom roles.
 * Every write records project.role.created / updated / deleted in its transaction.
 */
import type { Page, ProjectRoleWithUserCount, SaveProjectRoleRequest } from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import type { PageRequest } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { createCustomRole, deleteCustomRole, updateCustomRole } from './custom-role-writes';
import { findProjectRoleByName } from './project-role-lookup';
import {
  countRoleMembers,
  findProjectRoleById,
  selectProjectRolePage,
  type ProjectRoleRow,
} from './project-role-repository';
import { projectRoleEventShape, projectRoleWithUserCount } from './project-role-view';

/** What the project-role routes and service use of the server context: the store and the clock. */
export type ProjectRoleDependencies = Pick<ServerContext, 'store' | 'now'>;

async function withUserCount(
  deps: ProjectRoleDependencies,
  principal: Principal,
  row: ProjectRoleRow,
): Promise<ProjectRoleWithUserCount> {
  const counts = await countRoleMembers(deps.store.db, principal.platformId, [row.id]);
  return projectRoleWithUserCount(row, counts.get(row.id) ?? 0);
}

async function roleOrNotFound(
  deps: ProjectRoleDependencies,
  principal: Principal,
  id: string,
): Promise<ProjectRoleRow> {
  const role = await findProjectRoleById(deps.store.db, principal.platformId, id);
  if (role === undefined) {
    throw notFound('projectRole', id);
  }
  return role;
}

/** One page of the roles the caller's platform may use, each with its member count. */
export async function listProjectRoles(
  deps: ProjectRoleDependencies,
  principal: Principal,
  query: PageRequest,
): Promise<Page<ProjectRoleWithUserCount>> {
  const page = await selectProjectRolePage(deps.store.db, principal.platformId, query);
  const counts = await countRoleMembers(
    deps.store.db,
    principal.platformId,
    page.data.map((row) => row.id),
  );
  return {
    data: page.data.map((row) => projectRoleWithUserCount(row, counts.get(row.id) ?? 0)),
    next: page.next,
    previous: page.previous,
  };
}

/** Role `id` (one the caller's platform may use) with its member count; 404 otherwise. */
export async function getProjectRole(
  deps: ProjectRoleDependencies,
  principal: Principal,
  id: string,
): Promise<ProjectRoleWithUserCount> {
  return withUserCount(deps, principal, await roleOrNotFound(deps, principal, id));
}

/** Creates a custom role of the caller's platform, recording project.role.created. */
export async function createProjectRole(
  deps: ProjectRoleDependencies,
  principal: Principal,
  ip: string | undefined,
  body: SaveProjectRoleRequest,
): Promise<ProjectRoleWithUserCount> {
  const row = await deps.store.write(async (trx) => {
    const now = deps.now();
    const created = await createCustomRole(trx, principal.platformId, body, now);
    await recordAuditEvent(trx, now, auditActorOf(principal, ip), {
      action: 'project.role.created',
      data: { projectRole: projectRoleEventShape(created) },
    });
    return created;
  });
  return projectRoleWithUserCount(row, 0);
}

/** Replaces the name and permissions of custom role `id`, recording project.role.updated. */
export async function updateProjectRole(
  deps: ProjectRoleDependencies,
  principal: Principal,
  ip: string | undefined,
  id: string,
  body: SaveProjectRoleRequest,
): Promise<ProjectRoleWithUserCount> {
  const role = await roleOrNotFound(deps, principal, id);
  const row = await deps.store.write(async (trx) => {
    const now = deps.now();
    const updated = await updateCustomRole(trx, principal.platformId, role, body, now);
    await recordAuditEvent(trx, now, auditActorOf(principal, ip), {
      action: 'project.role.updated',
      data: { projectRole: projectRoleEventShape(updated) },
    });
    return updated;
  });
  return withUserCount(deps, principal, row);
}

/**
 * Deletes the custom role `idOrName` names (by id, else by name) and the memberships holding it,
 * recording project.role.deleted; 404 when the platform has no such role.
 */
export async function deleteProjectRole(
  deps: ProjectRoleDependencies,
  principal: Principal,
  ip: string | undefined,
  idOrName: string,
): Promise<void> {
  const role =
    (await findProjectRoleById(deps.store.db, principal.platformId, idOrName)) ??
    (await findProjectRoleByName(deps.store.db, principal.platformId, idOrName));
  if (role === undefined) {
    throw notFound('projectRole', idOrName);
  }
  await deps.store.write(async (trx) => {
    await deleteCustomRole(trx, principal.platformId, role);
    await recordAuditEvent(trx, deps.now(), auditActorOf(principal, ip), {
      action: 'project.role.deleted',
      data: { projectRole: projectRoleEventShape(role) },
    });
  });
}
