/**
 * The queries of SCIM provisioning: platform users by the attributes identity providers look them
 * up by, TEAM projects (SCIM groups) and their memberships. Each takes the Kysely instance to run
 * on: `store.db` for reads, or the `trx` of a write transaction.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProjectTable, UserTable } from '../../infrastructure/storage/database';

/** The user columns a SCIM User is made of. */
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
] as const;

/** A user row as SCIM reads it. */
export type ScimUserRow = Pick<Selectable<UserTable>, (typeof USER_COLUMNS)[number]>;

/** The user columns a SCIM lookup may compare. */
export type ScimUserColumn = 'id' | 'email' | 'externalId';

/** The users of platform `platformId`, oldest first, optionally only those whose `where` column equals its value. */
export async function selectScimUsers(
  db: Kysely<Database>,
  platformId: string,
  where?: { column: ScimUserColumn; value: string },
): Promise<ScimUserRow[]> {
  let select = db.selectFrom('user').select(USER_COLUMNS).where('platformId', '=', platformId);
  if (where !== undefined) select = select.where(where.column, '=', where.value);
  return select.orderBy('created', 'asc').orderBy('id', 'asc').execute();
}

/** User `id` of platform `platformId` (undefined when there is none). */
export async function findScimUser(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<ScimUserRow | undefined> {
  return db
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where('platformId', '=', platformId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a user of any platform other than `exceptUserId` has `email` (sign-in finds users by email server-wide). */
export async function isEmailTaken(
  trx: Kysely<Database>,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  let select = trx.selectFrom('user').select('id').where('email', '=', email);
  if (exceptUserId !== undefined) select = select.where('id', '!=', exceptUserId);
  return (await select.executeTakeFirst()) !== undefined;
}

/** Inserts user `row` and answers it as SCIM reads it. */
export async function insertScimUser(
  trx: Kysely<Database>,
  row: Insertable<UserTable>,
): Promise<ScimUserRow> {
  return trx.insertInto('user').values(row).returning(USER_COLUMNS).executeTakeFirstOrThrow();
}

/** The user columns SCIM changes. */
export interface ScimUserChanges {
  email?: string;
  firstName?: string;
  lastName?: string;
  status?: 'ACTIVE' | 'INACTIVE';
  externalId?: string | null;
}

/** Applies `changes` to user `id` (one more `tokenVersion` when `endSessions`) and answers the row. */
export async function updateScimUser(
  trx: Kysely<Database>,
  id: string,
  changes: ScimUserChanges,
  endSessions: boolean,
  updated: string,
): Promise<ScimUserRow> {
  return trx
    .updateTable('user')
    .set({
      ...changes,
      ...(endSessions ? { tokenVersion: (eb) => eb('tokenVersion', '+', 1) } : {}),
      updated,
    })
    .where('id', '=', id)
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The project columns a SCIM Group is made of. */
const GROUP_COLUMNS = ['id', 'created', 'updated', 'platformId', 'displayName', 'externalId'] as const;

/** A TEAM project row as SCIM reads it. */
export type ScimGroupRow = Pick<Selectable<ProjectTable>, (typeof GROUP_COLUMNS)[number]>;

/** The project columns a SCIM group lookup may compare. */
export type ScimGroupColumn = 'id' | 'displayName' | 'externalId';

/** The TEAM projects of platform `platformId`, oldest first, optionally only those whose `where` column equals its value. */
export async function selectScimGroups(
  db: Kysely<Database>,
  platformId: string,
  where?: { column: ScimGroupColumn; value: string },
): Promise<ScimGroupRow[]> {
  let select = db
    .selectFrom('project')
    .select(GROUP_COLUMNS)
    .where('platformId', '=', platformId)
    .where('type', '=', 'TEAM');
  if (where !== undefined) select = select.where(where.column, '=', where.value);
  return select.orderBy('created', 'asc').orderBy('id', 'asc').execute();
}

/** TEAM project `id` of platform `platformId` (undefined when there is none). */
export async function findScimGroup(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<ScimGroupRow | undefined> {
  return db
    .selectFrom('project')
    .select(GROUP_COLUMNS)
    .where('platformId', '=', platformId)
    .where('type', '=', 'TEAM')
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets the name and external id `changes` gives on project `id` and answers the row. */
export async function updateScimGroup(
  trx: Kysely<Database>,
  id: string,
  changes: { displayName?: string; externalId?: string | null },
  updated: string,
): Promise<ScimGroupRow> {
  return trx
    .updateTable('project')
    .set({ ...changes, updated })
    .where('id', '=', id)
    .returning(GROUP_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** One membership of a group: the project, the user and the user's email. */
export interface ScimMemberRow {
  projectId: string;
  userId: string;
  email: string;
}

/** The memberships of projects `projectIds`, oldest first. */
export async function selectScimMembers(
  db: Kysely<Database>,
  projectIds: readonly string[],
): Promise<ScimMemberRow[]> {
  if (projectIds.length === 0) return [];
  return db
    .selectFrom('projectMember')
    .innerJoin('user', 'user.id', 'projectMember.userId')
    .select(['projectMember.projectId', 'projectMember.userId', 'user.email'])
    .where('projectMember.projectId', 'in', projectIds)
    .orderBy('projectMember.created', 'asc')
    .orderBy('projectMember.id', 'asc')
    .execute();
}

/** Which of `userIds` are users of platform `platformId`. */
export async function selectPlatformUserIds(
  trx: Kysely<Database>,
  platformId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await trx
    .selectFrom('user')
    .select('id')
    .where('platformId', '=', platformId)
    .where('id', 'in', userIds)
    .execute();
  return rows.map((row) => row.id);
}

/** Inserts memberships `rows`. */
export async function insertScimMembers(
  trx: Kysely<Database>,
  rows: readonly Insertable<Database['projectMember']>[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('projectMember')
    .values([...rows])
    .execute();
}

/** Deletes the memberships of users `userIds` in project `projectId`. */
export async function deleteScimMembers(
  trx: Kysely<Database>,
  projectId: string,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await trx
    .deleteFrom('projectMember')
    .where('projectId', '=', projectId)
    .where('userId', 'in', userIds)
    .execute();
}
