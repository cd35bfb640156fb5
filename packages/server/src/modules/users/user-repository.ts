/**
 * The queries of the users module. Each takes the Kysely instance to run on: `store.db` for reads,
 * or the `trx` of a write transaction for reads and writes inside one.
 */
import type { ListUsersQuery, Page, UpdateUserRequest } from '@piecework/shared';
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, UserTable } from '../../infrastructure/storage/database';
import { containsPattern } from '../../infrastructure/storage/like-pattern';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** Every user column but the password hash and the token version. */
const USER_COLUMNS = [
  'id',
  'created',
  'updated',
  'platformId',
  'email',
  'firstName',
  'lastName',
  'platformRole',
  'status',
  'externalId',
  'verified',
] as const;

/** A user row with every column but the password hash and the token version. */
export type UserViewRow = Pick<Selectable<UserTable>, (typeof USER_COLUMNS)[number]>;

/** The filters of the user list: email (contains, ignoring case), role, status and external id. */
export type UserFilters = Pick<ListUsersQuery, 'email' | 'platformRole' | 'status' | 'externalId'>;

/** One page of the users of platform `platformId` that match `filters`, newest first. */
export async function selectUserPage(
  db: Kysely<Database>,
  platformId: string,
  filters: UserFilters,
  page: PageRequest,
): Promise<Page<UserViewRow>> {
  let select = db.selectFrom('user').select(USER_COLUMNS).where('platformId', '=', platformId);
  if (filters.email !== undefined) {
    const pattern = containsPattern(filters.email.toLowerCase());
    select = select.where(sql<SqlBool>`lower(${sql.ref('user.email')}) like ${pattern} escape '\\'`);
  }
  if (filters.platformRole !== undefined) {
    select = select.where('platformRole', '=', filters.platformRole);
  }
  if (filters.status !== undefined) {
    select = select.where('status', '=', filters.status);
  }
  if (filters.externalId !== undefined) {
    select = select.where('externalId', '=', filters.externalId);
  }
  return fetchSeekPage(select, 'user', page);
}

/** User `id` of platform `platformId`, without its secrets (undefined when there is none). */
export async function findPlatformUser(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<UserViewRow | undefined> {
  return trx
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** User `id` of platform `platformId`, every column (undefined when there is none). */
export async function findPlatformUserRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<Selectable<UserTable> | undefined> {
  return trx
    .selectFrom('user')
    .selectAll()
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/**
 * Sets the role, status and external id `changes` gives (absent: unchanged) on user `id`, adds
 * one to its `tokenVersion` when `bumpTokenVersion`, and answers the changed row.
 */
export async function updateUserRow(
  trx: Kysely<Database>,
  id: string,
  changes: UpdateUserRequest,
  bumpTokenVersion: boolean,
  updated: string,
): Promise<UserViewRow> {
  return trx
    .updateTable('user')
    .set({
      ...(changes.platformRole === undefined ? {} : { platformRole: changes.platformRole }),
      ...(changes.status === undefined ? {} : { status: changes.status }),
      ...(changes.externalId === undefined ? {} : { externalId: changes.externalId }),
      ...(bumpTokenVersion ? { tokenVersion: (eb) => eb('tokenVersion', '+', 1) } : {}),
      updated,
    })
    .where('id', '=', id)
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The id of the platform's first-created ACTIVE ADMIN other than `user`; undefined when there is none. */
export async function otherActiveAdminId(
  trx: Kysely<Database>,
  user: Pick<Selectable<UserTable>, 'id' | 'platformId'>,
): Promise<string | undefined> {
  const admin = await trx
    .selectFrom('user')
    .select('id')
    .where('platformId', '=', user.platformId)
    .where('platformRole', '=', 'ADMIN')
    .where('status', '=', 'ACTIVE')
    .where('id', '!=', user.id)
    .orderBy('created', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
  return admin?.id;
}

/** The ids and types of the projects of platform `platformId` that user `userId` owns. */
export async function selectOwnedProjects(
  trx: Kysely<Database>,
  userId: string,
  platformId: string,
): Promise<{ id: string; type: string }[]> {
  return trx
    .selectFrom('project')
    .select(['id', 'type'])
    .where('ownerId', '=', userId)
    .where('platformId', '=', platformId)
    .execute();
}

/** Makes user `ownerId` the owner of projects `projectIds`. */
export async function setProjectsOwner(
  trx: Kysely<Database>,
  projectIds: readonly string[],
  ownerId: string,
): Promise<void> {
  await trx.updateTable('project').set({ ownerId }).where('id', 'in', projectIds).execute();
}

/** Deletes projects `projectIds` (everything in them goes by foreign key cascade). */
export async function deleteProjects(trx: Kysely<Database>, projectIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('project').where('id', 'in', projectIds).execute();
}

/** Deletes user `id`. */
export async function deleteUserRow(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('user').where('id', '=', id).execute();
}
