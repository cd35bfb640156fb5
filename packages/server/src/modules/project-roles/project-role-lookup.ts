/**
 * Finding the project roles a platform may use: the three default roles (`platformId` null) and
 * the platform's own custom roles. Another platform's custom roles are never found, so a caller
 * cannot learn they exist.
 */
import { PieceworkError } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { selectRolesByLowerName, type ProjectRoleRow } from './project-role-repository';

/**
 * The role called `name` (case-insensitive, surrounding spaces ignored) that `platformId` may
 * use: a default role or one of the platform's custom roles; undefined when there is none. When a
 * custom role's name differs from a default role's only by case (custom roles may not take a
 * default name, so only legacy data), the default role wins. Use it wherever a request names a
 * project role (member updates, invitations).
 */
export async function findProjectRoleByName(
  db: Kysely<Database>,
  platformId: string,
  name: string,
): Promise<ProjectRoleRow | undefined> {
  const wanted = name.trim().toLowerCase();
  const candidates = await selectRolesByLowerName(db, platformId, wanted);
  return candidates.find((role) => role.platformId === null) ?? candidates[0];
}

/**
 * {@link findProjectRoleByName}, but a missing role is 404 ENTITY_NOT_FOUND naming the role and
 * the default roles. Use it where the request's role name must exist (member updates).
 */
export async function requireProjectRoleByName(
  db: Kysely<Database>,
  platformId: string,
  name: string,
): Promise<ProjectRoleRow> {
  const role = await findProjectRoleByName(db, platformId, name);
  if (role === undefined) {
    throw new PieceworkError('ENTITY_NOT_FOUND', {
      message: `No project role is named "${name}" on this platform (the default roles are Admin, Editor and Viewer)`,
      entityType: 'projectRole',
      entityId: name,
    });
  }
  return role;
}
