/**
 * Writing a platform's custom project roles, inside the caller's write transaction: create,
 * replace (name and permissions) and delete. The default roles are fixed: changing or deleting
 * one is 409 VALIDATION. Names are unique per platform ignoring case, and never a default role's
 * name (409 CONFLICT). Deleting a role removes the memberships that hold it, as Activepieces does
 * (its member rows cascade with their role).
 */
import { defaultRoleNamed, generateId, PieceworkError, type SaveProjectRoleRequest } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { notFound, ruleViolation } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import {
  deleteProjectRoleRow,
  deleteRoleMemberships,
  insertProjectRole,
  selectCustomRoleNames,
  updateProjectRoleRow,
  type ProjectRoleRow,
} from './project-role-repository';

/** Creates a CUSTOM role of `platformId`. */
export async function createCustomRole(
  trx: Kysely<Database>,
  platformId: string,
  request: SaveProjectRoleRequest,
  now: string,
): Promise<ProjectRoleRow> {
  await lockRowForWrite(trx, 'platform', platformId);
  await assertRoleNameFree(trx, platformId, request.name);
  return insertProjectRole(trx, {
    id: generateId(),
    platformId,
    name: request.name,
    permissions: JSON.stringify(request.permissions),
    type: 'CUSTOM',
    created: now,
    updated: now,
  });
}

/** Replaces the name and permissions of `role`, a role `platformId` may use (not a default one). */
export async function updateCustomRole(
  trx: Kysely<Database>,
  platformId: string,
  role: ProjectRoleRow,
  request: SaveProjectRoleRequest,
  now: string,
): Promise<ProjectRoleRow> {
  assertCustom(role, 'changed');
  await lockRowForWrite(trx, 'platform', platformId);
  await assertRoleNameFree(trx, platformId, request.name, role.id);
  const row = await updateProjectRoleRow(trx, platformId, role.id, {
    name: request.name,
    permissions: JSON.stringify(request.permissions),
    updated: now,
  });
  if (row === undefined) {
    throw notFound('projectRole', role.id);
  }
  return row;
}

/**
 * Deletes `role` (not a default one) and the memberships holding it; answers how many members
 * were removed.
 */
export async function deleteCustomRole(
  trx: Kysely<Database>,
  platformId: string,
  role: ProjectRoleRow,
): Promise<number> {
  assertCustom(role, 'deleted');
  await lockRowForWrite(trx, 'platform', platformId);
  const members = await deleteRoleMemberships(trx, role.id);
  const deleted = await deleteProjectRoleRow(trx, platformId, role.id);
  if (deleted.numDeletedRows === 0n) {
    throw notFound('projectRole', role.id);
  }
  return Number(members.numDeletedRows);
}

function assertCustom(role: ProjectRoleRow, change: 'changed' | 'deleted'): void {
  if (role.type !== 'CUSTOM' || role.platformId === null) {
    throw ruleViolation(`${role.name} is a default project role; default roles cannot be ${change}`, {
      projectRoleId: role.id,
      name: role.name,
    });
  }
}

/** 409 CONFLICT when `name` is a default role's name or another custom role's of the platform, ignoring case. */
async function assertRoleNameFree(
  trx: Kysely<Database>,
  platformId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const defaultName = defaultRoleNamed(name);
  if (defaultName !== undefined) {
    throw new PieceworkError('CONFLICT', {
      message: `${defaultName} is the name of a default project role; choose another name`,
      name,
    });
  }
  const roles = await selectCustomRoleNames(trx, platformId);
  const wanted = foldCase(name);
  const clash = roles.find((role) => role.id !== exceptId && foldCase(role.name) === wanted);
  if (clash !== undefined) {
    throw new PieceworkError('CONFLICT', {
      message: `A project role named "${clash.name}" already exists on this platform`,
      name,
      projectRoleId: clash.id,
    });
  }
}

function foldCase(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
