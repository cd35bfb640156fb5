/**
 * Project permissions of a caller: the one place that decides what a caller may do on a project
 * (the access check, `authorize-access.ts`, asks it). A missing permission is 403 PERMISSION_DENIED.
 *
 * Who may do what: API keys and platform ADMINs everything; OPERATORs every project but other
 * users' PERSONAL projects; MEMBERs their own projects (as Admin) and those they are members of,
 * with their role's permissions.
 */
import type { Selectable } from 'kysely';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { DEFAULT_ROLE_PERMISSIONS, defaultRoleNamed, type Permission } from '@piecework/shared';
import { permissionDenied } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import { storedPermissions } from '../project-roles/project-role-view';
import type { ProjectRoleTable } from '../../infrastructure/storage/database';
import type { Principal } from '../../infrastructure/auth/principal';

/** Throws 403 PERMISSION_DENIED unless `principal` holds `permission` on `project`. */
export async function assertProjectPermission(
  ctx: Pick<ServerContext, 'store'>,
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

/**
 * How `principal` reaches `project`: as an admin of it (API keys, platform ADMINs, the owner, and
 * OPERATORs on every project but other users' PERSONAL ones), through a membership with a role
 * (the role's row, read with the membership in one query), or not at all. The one owner of the
 * "who may act on a project" rule; {@link projectPermissions} and the caller's-role route use it.
 */
export type ProjectReach =
  | { readonly via: 'ADMIN' }
  | { readonly via: 'MEMBER'; readonly role: Selectable<ProjectRoleTable> }
  | { readonly via: 'NONE' };

/** The {@link ProjectReach} of `principal` on `project`. */
export async function projectReach(
  ctx: Pick<ServerContext, 'store'>,
  principal: Principal,
  project: Pick<ProjectRow, 'id' | 'ownerId' | 'type'>,
): Promise<ProjectReach> {
  if (
    principal.type === 'SERVICE' ||
    principal.platformRole === 'ADMIN' ||
    project.ownerId === principal.id
  ) {
    return ADMIN_REACH;
  }
  if (principal.platformRole === 'OPERATOR') {
    return project.type === 'PERSONAL' ? NO_REACH : ADMIN_REACH;
  }
  const role = await ctx.store.db
    .selectFrom('projectMember')
    .innerJoin('projectRole', 'projectRole.id', 'projectMember.projectRoleId')
    .selectAll('projectRole')
    .where('projectMember.projectId', '=', project.id)
    .where('projectMember.userId', '=', principal.id)
    .executeTakeFirst();
  return role === undefined ? NO_REACH : { via: 'MEMBER', role };
}

/**
 * The permissions `principal` holds on `project` (empty when it has no access at all): all for
 * an admin reach, else its membership role's. Default roles' permission sets are built once, in
 * memory (they are fixed); a custom role's are read from its row in the same query.
 */
export async function projectPermissions(
  ctx: Pick<ServerContext, 'store'>,
  principal: Principal,
  project: Pick<ProjectRow, 'id' | 'ownerId' | 'type'>,
): Promise<ReadonlySet<Permission>> {
  const reach = await projectReach(ctx, principal, project);
  switch (reach.via) {
    case 'ADMIN':
      return ADMIN_PERMISSIONS;
    case 'NONE':
      return NO_PERMISSIONS;
    case 'MEMBER':
      return permissionsOfRole(reach.role);
    default:
      return assertNever(reach);
  }
}

const ADMIN_REACH: ProjectReach = { via: 'ADMIN' };
const NO_REACH: ProjectReach = { via: 'NONE' };
const NO_PERMISSIONS: ReadonlySet<Permission> = new Set();
const ADMIN_PERMISSIONS: ReadonlySet<Permission> = new Set(DEFAULT_ROLE_PERMISSIONS.Admin);
const DEFAULT_ROLE_SETS: ReadonlyMap<string, ReadonlySet<Permission>> = new Map(
  Object.entries(DEFAULT_ROLE_PERMISSIONS).map(([name, permissions]) => [name, new Set(permissions)]),
);

/** A role's permissions: a default role's from memory, a custom role's from its stored list. */
function permissionsOfRole(role: Selectable<ProjectRoleTable>): ReadonlySet<Permission> {
  const fixed =
    role.type === 'DEFAULT' ? DEFAULT_ROLE_SETS.get(defaultRoleNamed(role.name) ?? '') : undefined;
  return fixed ?? new Set(storedPermissions(role));
}

function assertNever(value: never): never {
  throw new Error(`Unexpected project reach: ${String((value as { via: unknown }).via)}`);
}
