/**
 * Finding a project role by name, as member updates and invitations name roles (`Editor`,
 * `support agent`): the three default roles and the platform's own custom roles are candidates,
 * matched case-insensitively. Another platform's custom roles are never found.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProjectRoleTable } from '../../storage/database';

/** A `projectRole` row (its `permissions` still JSON text). */
export type ProjectRoleRow = Selectable<ProjectRoleTable>;

/**
 * The role called `name` (case-insensitive) that `platformId` may use: a default role or one of
 * the platform's custom roles; undefined when there is none. When a custom role's name differs
 * from a default role's only by case (custom roles may not take a default name, so only legacy
 * data), the default role wins. Use it wherever a request names a project role.
 */
export async function findProjectRoleByName(
  db: Kysely<Database>,
  platformId: string,
  name: string,
): Promise<ProjectRoleRow | undefined> {
  const wanted = name.trim().toLowerCase();
  const candidates = await db
    .selectFrom('projectRole')
    .selectAll()
    .where((eb) => eb.or([eb('platformId', 'is', null), eb('platformId', '=', platformId)]))
    .where((eb) => eb(eb.fn('lower', ['name']), '=', wanted))
    .execute();
  return candidates.find((role) => role.platformId === null) ?? candidates[0];
}
