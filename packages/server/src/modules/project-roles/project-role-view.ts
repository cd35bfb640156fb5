/** The API and audit shapes of a `projectRole` row. */
import {
  Permission,
  ProjectRoleType,
  type ProjectRole,
  type ProjectRoleWithType,
  type ProjectRoleWithUserCount,
} from '@piecework/shared';
import type { ProjectRoleRow } from './project-role-repository';

/**
 * The permissions stored on a role row, in their stored order; a name that is no longer a
 * {@link Permission} (renamed or removed since the role was saved) is left out, never granted.
 */
export function storedPermissions(row: Pick<ProjectRoleRow, 'permissions'>): Permission[] {
  const names = JSON.parse(row.permissions) as unknown;
  if (!Array.isArray(names)) {
    return [];
  }
  return names.filter((name): name is Permission => Permission.safeParse(name).success);
}

/** A role as audit events (project.role.*) carry it: its six fields without the type. */
export function projectRoleEventShape(row: ProjectRoleRow): ProjectRole {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.name,
    permissions: storedPermissions(row),
    platformId: row.platformId,
  };
}

/** A role as a member's role and the caller's own role are answered: with its type. */
export function projectRoleView(row: ProjectRoleRow): ProjectRoleWithType {
  return { ...projectRoleEventShape(row), type: ProjectRoleType.parse(row.type) };
}

/** A role as `/v1/project-roles` answers it, given how many of the platform's members hold it. */
export function projectRoleWithUserCount(row: ProjectRoleRow, userCount: number): ProjectRoleWithUserCount {
  return { ...projectRoleView(row), userCount };
}
