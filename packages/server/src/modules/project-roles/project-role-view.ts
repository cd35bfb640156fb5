/** The API and audit shapes of a `projectRole` row. */
import {
  Permission,
  ProjectRoleType,
  type ProjectRole,
  type ProjectRoleWithType,
  type ProjectRoleWithUserCount,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { ProjectRoleRow } from './project-role-lookup';

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

/** A role as audit events (project.role.*) carry it: the SPEC's six fields. */
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

/**
 * How many memberships of `platformId` hold each of `roleIds` (one grouped query; roles nobody
 * holds are absent). Default roles are shared by every platform, so only this platform's members
 * are counted.
 */
export async function countRoleMembers(
  db: Kysely<Database>,
  platformId: string,
  roleIds: readonly string[],
): Promise<ReadonlyMap<string, number>> {
  if (roleIds.length === 0) {
    return new Map();
  }
  const rows = await db
    .selectFrom('projectMember')
    .select(['projectRoleId', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('platformId', '=', platformId)
    .where('projectRoleId', 'in', roleIds)
    .groupBy('projectRoleId')
    .execute();
  return new Map(rows.map((row) => [row.projectRoleId, Number(row.count)]));
}
