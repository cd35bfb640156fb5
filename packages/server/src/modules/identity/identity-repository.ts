/**
 * The SQL of sign-up, sign-in and emailed codes: the `user`, `oneTimeCode`, `platform`,
 * `project`, `projectMember` and `userInvitation` rows they read or write. One query per
 * function, on the db or a write transaction.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  OneTimeCodeTable,
  PlatformTable,
  ProjectTable,
  UserTable,
} from '../../infrastructure/storage/database';
import { PLATFORM_COLUMNS, type PlatformRow } from '../platforms/platform-view';

/** A `user` row. */
export type UserRow = Selectable<UserTable>;

/** The user with `email`, or undefined. */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The user with id `userId`, or undefined. */
export async function findUserById(db: Kysely<Database>, userId: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirst();
}

/** The id of the user with `email`, or undefined. */
export async function findUserIdByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<{ id: string } | undefined> {
  return db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
}

/** The ACTIVE users with `email`. */
export async function listActiveUsersByEmail(db: Kysely<Database>, email: string): Promise<UserRow[]> {
  return db
    .selectFrom('user')
    .selectAll()
    .where('email', '=', email)
    .where('status', '=', 'ACTIVE')
    .execute();
}

/** Replaces user `userId`'s password hash, if it is still `previousHash`. */
export async function replacePasswordHash(
  trx: Kysely<Database>,
  userId: string,
  previousHash: string,
  passwordHash: string,
): Promise<void> {
  await trx
    .updateTable('user')
    .set({ passwordHash })
    .where('id', '=', userId)
    .where('passwordHash', '=', previousHash)
    .execute();
}

/** Inserts a user row and returns it. */
export async function insertUser(trx: Kysely<Database>, values: Insertable<UserTable>): Promise<UserRow> {
  return trx.insertInto('user').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Marks user `userId`'s email verified and returns the row. */
export async function markUserVerified(trx: Kysely<Database>, userId: string, now: string): Promise<UserRow> {
  return trx
    .updateTable('user')
    .set({ verified: 1, updated: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets user `userId`'s password hash, marks the email verified and bumps the token version (the
 * user's existing session tokens stop working); returns the row.
 */
export async function resetUserPassword(
  trx: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<UserRow> {
  return trx
    .updateTable('user')
    .set((eb) => ({
      passwordHash,
      verified: 1,
      tokenVersion: eb('tokenVersion', '+', 1),
      updated: now,
    }))
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Inserts a project row. */
export async function insertProject(trx: Kysely<Database>, values: Insertable<ProjectTable>): Promise<void> {
  await trx.insertInto('project').values(values).execute();
}

/** Inserts a platform row. */
export async function insertPlatformRow(
  trx: Kysely<Database>,
  values: Insertable<PlatformTable>,
): Promise<void> {
  await trx.insertInto('platform').values(values).execute();
}

/** Platform `platformId`'s API columns (throws when there is none). */
export async function findPlatformRow(db: Kysely<Database>, platformId: string): Promise<PlatformRow> {
  return db
    .selectFrom('platform')
    .select(PLATFORM_COLUMNS)
    .where('id', '=', platformId)
    .executeTakeFirstOrThrow();
}

/** The platform (API columns) of the oldest ACCEPTED invitation of `email`, or undefined. */
export async function findInvitingPlatform(trx: Kysely<Database>, email: string) {
  return trx
    .selectFrom('userInvitation')
    .innerJoin('platform', 'platform.id', 'userInvitation.platformId')
    .select(PLATFORM_COLUMNS.map((column) => `platform.${column}` as const))
    .where('userInvitation.email', '=', email)
    .where('userInvitation.status', '=', 'ACCEPTED')
    .orderBy('userInvitation.created')
    .orderBy('userInvitation.id')
    .limit(1)
    .executeTakeFirst();
}

/** The id of the first project user `userId` owns (PERSONAL first, then oldest), or undefined. */
export async function findOwnedProjectId(
  db: Kysely<Database>,
  userId: string,
): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('project')
    .select('id')
    .where('ownerId', '=', userId)
    .orderBy('type', 'asc')
    .orderBy('created', 'asc')
    .executeTakeFirst();
}

/** The project of user `userId`'s oldest membership, or undefined. */
export async function findFirstMembershipProjectId(
  db: Kysely<Database>,
  userId: string,
): Promise<{ projectId: string } | undefined> {
  return db
    .selectFrom('projectMember')
    .select('projectId')
    .where('userId', '=', userId)
    .orderBy('created', 'asc')
    .executeTakeFirst();
}

/** Deletes user `userId`'s codes of `type`. */
export async function deleteUserCodes(trx: Kysely<Database>, userId: string, type: string): Promise<void> {
  await trx.deleteFrom('oneTimeCode').where('userId', '=', userId).where('type', '=', type).execute();
}

/** Inserts a one-time code row. */
export async function insertOneTimeCode(
  trx: Kysely<Database>,
  values: Insertable<OneTimeCodeTable>,
): Promise<void> {
  await trx.insertInto('oneTimeCode').values(values).execute();
}

/** Deletes user `userId`'s unexpired code of `type` hashed `codeHash`; its user id, or undefined when none matched. */
export async function deleteMatchingCode(
  trx: Kysely<Database>,
  userId: string,
  type: string,
  codeHash: string,
  now: string,
): Promise<{ userId: string } | undefined> {
  return trx
    .deleteFrom('oneTimeCode')
    .where('userId', '=', userId)
    .where('type', '=', type)
    .where('codeHash', '=', codeHash)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
}
