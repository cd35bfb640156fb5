/**
 * The queries of the project-roles module. Each takes the Kysely instance to run on: `store.db`
 * for reads, or the `trx` of a write transaction for reads and writes inside one. A platform may
 * use the default roles (`platformId` null) and its own custom roles; queries that find roles for
 * a platform look at those only.
 */
import type { Page } from '@piecework/shared';
import type { DeleteResult, Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProjectRoleTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** A `projectRole` row (its `permissions` still JSON text). */
export type ProjectRoleRow = Selectable<ProjectRoleTable>;

/** The roles `platformId` may use whose lowercased name is `lowerName`. */
export async function selectRolesByLowerName(
  db: Kysely<Database>,
  platformId: string,
  lowerName: string,
): Promise<ProjectRoleRow[]> {
  return db
    .selectFrom('projectRole')
    .selectAll()
    .where((eb) => eb.or([eb('platformId', 'is', null), eb('platformId', '=', platformId)]))
    .where((eb) => eb(eb.fn('lower', ['name']), '=', lowerName))
    .execute();
}

/**
 * The role with id `id` if `platformId` may use it (a default role or its own custom role);
 * undefined otherwise, which routes answer as 404. Use it wherever a request names a role by id.
 */
export async function findProjectRoleById(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<ProjectRoleRow | undefined> {
  return db
    .selectFrom('projectRole')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('platformId', 'is', null), eb('platformId', '=', platformId)]))
    .executeTakeFirst();
}

/** One page of the roles `platformId` may use, newest first. */
export async function selectProjectRolePage(
  db: Kysely<Database>,
  platformId: string,
  page: PageRequest,
): Promise<Page<ProjectRoleRow>> {
  const select = db
    .selectFrom('projectRole')
    .selectAll()
    .where((eb) => eb.or([eb('platformId', 'is', null), eb('platformId', '=', platformId)]));
  return fetchSeekPage(select, 'projectRole', page);
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

/** Inserts role `row` and answers it as stored. */
export async function insertProjectRole(
  trx: Kysely<Database>,
  row: Insertable<ProjectRoleTable>,
): Promise<ProjectRoleRow> {
  return trx.insertInto('projectRole').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Sets the name and permissions of custom role `id` of `platformId`; undefined when there is none. */
export async function updateProjectRoleRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
  changes: { name: string; permissions: string; updated: string },
): Promise<ProjectRoleRow | undefined> {
  return trx
    .updateTable('projectRole')
    .set(changes)
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the memberships that hold role `roleId`. */
export async function deleteRoleMemberships(trx: Kysely<Database>, roleId: string): Promise<DeleteResult> {
  return trx.deleteFrom('projectMember').where('projectRoleId', '=', roleId).executeTakeFirst();
}

/** Deletes custom role `id` of `platformId`. */
export async function deleteProjectRoleRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<DeleteResult> {
  return trx
    .deleteFrom('projectRole')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** The ids and names of the custom roles of `platformId`. */
export async function selectCustomRoleNames(
  trx: Kysely<Database>,
  platformId: string,
): Promise<{ id: string; name: string }[]> {
  return trx.selectFrom('projectRole').select(['id', 'name']).where('platformId', '=', platformId).execute();
}
