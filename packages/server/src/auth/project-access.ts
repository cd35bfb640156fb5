/**
 * Project permissions of a caller: the one place that decides what a caller may do on a project
 * (the access check, `authorize-access.ts`, asks it). A missing permission is 403 PERMISSION_DENIED.
 *
 * Who may do what: API keys and platform ADMINs everything; OPERATORs every project but other
 * users' PERSONAL projects; MEMBERs their own projects (as Admin) and those they are members of,
 * with their role's permissions.
 */
import type { Selectable } from 'kysely';
import { DEFAULT_ROLE_PERMISSIONS, Permission } from '@piecework/shared';
import { permissionDenied } from '../errors';
import type { ServerContext } from '../server-context';
import type { ProjectTable } from '../storage/database';
import type { Principal } from './principal';

/** A project row as loaded for an access check. */
export type ProjectRow = Selectable<ProjectTable>;

/** Throws 403 PERMISSION_DENIED unless `principal` holds `permission` on `project`. */
export async function assertProjectPermission(
  ctx: ServerContext,
  principal: Principal,
  project: Pick<ProjectRow, 'id' | 'ownerId' | 'type'>,
  permission: Permission,
): Promise<void> {
  const granted = await projectPermissions(ctx, principal, project);
  if (!granted.has(permission)) {
    throw permissionDenied(`You do not have ${permission} on project ${project.id}`, {
      projectId: project.id,
      permission,
      ...(principal.type === 'USER' ? { userId: principal.id } : {}),
    });
  }
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
