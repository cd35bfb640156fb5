/**
 * The queries of managed authentication: the signing key a token names, and the project, user and
 * membership an exchange upserts. Each takes the Kysely instance to run on: `store.db` for reads,
 * or the `trx` of the exchange's write transaction.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ProjectTable, UserTable } from '../../infrastructure/storage/database';

/** Signing key `id`: its platform and stored public key (undefined when there is none). */
export async function findSigningKeyById(
  db: Kysely<Database>,
  id: string,
): Promise<{ id: string; platformId: string; publicKey: string } | undefined> {
  return db
    .selectFrom('signingKey')
    .select(['id', 'platformId', 'publicKey'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The project of platform `platformId` with external id `externalId` (undefined when there is none). */
export async function findProjectByExternalId(
  trx: Kysely<Database>,
  platformId: string,
  externalId: string,
): Promise<Selectable<ProjectTable> | undefined> {
  return trx
    .selectFrom('project')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

/** The user of platform `platformId` with external id `externalId` (undefined when there is none). */
export async function findUserByExternalId(
  trx: Kysely<Database>,
  platformId: string,
  externalId: string,
): Promise<Selectable<UserTable> | undefined> {
  return trx
    .selectFrom('user')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

/** Whether a user of the server other than `exceptUserId` has the address `email`. */
export async function isEmailTaken(
  trx: Kysely<Database>,
  email: string,
  exceptUserId: string | undefined,
): Promise<boolean> {
  let taken = trx.selectFrom('user').select('id').where('email', '=', email);
  if (exceptUserId !== undefined) taken = taken.where('id', '!=', exceptUserId);
  return (await taken.executeTakeFirst()) !== undefined;
}

/** Inserts user `row` and answers it as stored. */
export async function insertUserRow(
  trx: Kysely<Database>,
  row: Insertable<UserTable>,
): Promise<Selectable<UserTable>> {
  return trx.insertInto('user').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Sets the address and names of user `id` and answers the changed row. */
export async function updateUserProfile(
  trx: Kysely<Database>,
  id: string,
  profile: { email: string; firstName: string; lastName: string; updated: string },
): Promise<Selectable<UserTable>> {
  return trx.updateTable('user').set(profile).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The membership of user `userId` in project `projectId`: its id and role (undefined when none). */
export async function findMembership(
  trx: Kysely<Database>,
  projectId: string,
  userId: string,
): Promise<{ id: string; projectRoleId: string } | undefined> {
  return trx
    .selectFrom('projectMember')
    .select(['id', 'projectRoleId'])
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Inserts membership `row`. */
export async function insertMembership(
  trx: Kysely<Database>,
  row: Insertable<Database['projectMember']>,
): Promise<void> {
  await trx.insertInto('projectMember').values(row).execute();
}

/** Gives membership `id` role `projectRoleId`. */
export async function setMembershipRole(
  trx: Kysely<Database>,
  id: string,
  projectRoleId: string,
  updated: string,
): Promise<void> {
  await trx.updateTable('projectMember').set({ projectRoleId, updated }).where('id', '=', id).execute();
}
