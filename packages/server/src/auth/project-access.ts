/**
 * Project scoping: the one place that decides whether a caller may act on a project. A project of
 * another platform is "not found" (404, existence never leaks); a project of the caller's platform
 * that the caller may not use for this permission is 403 PERMISSION_DENIED.
 *
 * Who may do what: API keys and platform ADMINs everything; OPERATORs every project but other
 * users' PERSONAL projects; MEMBERs their own projects (as Admin) and those they are members of,
 * with their role's permissions.
 */
import type { Selectable } from 'kysely';
import { DEFAULT_ROLE_PERMISSIONS, Permission } from '@piecework/shared';
import { notFound, permissionDenied } from '../errors';
import type { ServerContext } from '../server-context';
import type { ProjectTable } from '../storage/database';
import type { Principal } from './principal';

/** A project row as loaded for an access check. */
export type ProjectRow = Selectable<ProjectTable>;

/**
 * Loads the project and checks that `principal` holds `permission` on it. Use it at the start of
 * every route that reads or changes something of a project.
 */
export async function authorizeProject(
  ctx: ServerContext,
  principal: Principal,
  projectId: string,
  permission: Permission,
): Promise<ProjectRow> {
  const project = await ctx.store.db
    .selectFrom('project')
    .selectAll()
    .where('id', '=', projectId)
    .where('platformId', '=', principal.platformId)
    .executeTakeFirst();
  if (project === undefined) {
    throw notFound('project', projectId);
  }
  const granted = await projectPermissions(ctx, principal, project);
  if (!granted.has(permission)) {
    throw permissionDenied(`You do not have ${permission} on project ${projectId}`, {
      projectId,
      permission,
      ...(principal.type === 'USER' ? { userId: principal.id } : {}),
    });
  }
  return project;
}

/**
 * For routes addressed by an entity's `:id`: `entity` was looked up within the caller's platform
 * (undefined when missing or on another platform: 404); checks `permission` on its project.
 */
export async function authorizeEntity<T extends { projectId: string }>(
  ctx: ServerContext,
  principal: Principal,
  found: { entityType: string; id: string; entity: T | undefined },
  permission: Permission,
): Promise<{ entity: T; project: ProjectRow }> {
  if (found.entity === undefined) {
    throw notFound(found.entityType, found.id);
  }
  const project = await authorizeProject(ctx, principal, found.entity.projectId, permission);
  return { entity: found.entity, project };
}

/** The permissions `principal` holds on `project` (empty when it has no access at all). */
export async function projectPermissions(
  ctx: ServerContext,
  principal: Principal,
  project: Pick<ProjectRow, 'id' | 'ownerId' | 'type'>,
): Promise<ReadonlySet<Permission>> {
  if (
    principal.type === 'SERVICE' ||
    principal.platformRole === 'ADMIN' ||
    project.ownerId === principal.id
  ) {
    return ADMIN_PERMISSIONS;
  }
  if (principal.platformRole === 'OPERATOR') {
    return project.type === 'PERSONAL' ? NO_PERMISSIONS : ADMIN_PERMISSIONS;
  }
  const member = await ctx.store.db
    .selectFrom('projectMember')
    .innerJoin('projectRole', 'projectRole.id', 'projectMember.projectRoleId')
    .select('projectRole.permissions')
    .where('projectMember.projectId', '=', project.id)
    .where('projectMember.userId', '=', principal.id)
    .executeTakeFirst();
  return member === undefined ? NO_PERMISSIONS : parsePermissions(member.permissions);
}

const NO_PERMISSIONS: ReadonlySet<Permission> = new Set();
const ADMIN_PERMISSIONS: ReadonlySet<Permission> = new Set(DEFAULT_ROLE_PERMISSIONS.Admin);

/** The permissions of a role's stored JSON list; names no longer in {@link Permission} are dropped. */
function parsePermissions(json: string): ReadonlySet<Permission> {
  const names = JSON.parse(json) as unknown;
  if (!Array.isArray(names)) {
    return NO_PERMISSIONS;
  }
  return new Set(names.filter((name): name is Permission => Permission.safeParse(name).success));
}
