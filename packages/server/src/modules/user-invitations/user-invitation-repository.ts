/**
 * The SQL of user invitations: the `userInvitation` table, and the `user`, `projectMember`,
 * `projectRole` and `platform` rows invitations read or change. One query per function, on the db
 * or a write transaction.
 */
import type { ListUserInvitationsQuery, Page } from '@piecework/shared';
import type { DeleteResult, Insertable, Kysely, Selectable, UpdateResult, Updateable } from 'kysely';
import type {
  Database,
  ProjectMemberTable,
  ProjectRoleTable,
  UserInvitationTable,
} from '../../infrastructure/storage/database';
import { fetchSeekPage } from '../../infrastructure/storage/seek-page';
import type { InvitationRow } from './invitation-view';

/** The id of the invitation of `email` on `platformId` for `projectId` (null: a PLATFORM one), or undefined. */
export async function findInvitationId(
  trx: Kysely<Database>,
  platformId: string,
  email: string,
  projectId: string | null,
): Promise<{ id: string } | undefined> {
  return trx
    .selectFrom('userInvitation')
    .select('id')
    .where('platformId', '=', platformId)
    .where('email', '=', email)
    .where((eb) => (projectId === null ? eb('projectId', 'is', null) : eb('projectId', '=', projectId)))
    .executeTakeFirst();
}

/** Inserts an invitation row and returns it. */
export async function insertInvitation(
  trx: Kysely<Database>,
  values: Insertable<UserInvitationTable>,
): Promise<InvitationRow> {
  return trx.insertInto('userInvitation').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Sets `changes` on invitation `id` and returns the row. */
export async function updateInvitation(
  trx: Kysely<Database>,
  id: string,
  changes: Updateable<UserInvitationTable>,
): Promise<InvitationRow> {
  return trx
    .updateTable('userInvitation')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One seek page of `platformId`'s invitations, filtered by the query's type, project and status. */
export async function fetchInvitationPage(
  db: Kysely<Database>,
  platformId: string,
  query: ListUserInvitationsQuery,
): Promise<Page<InvitationRow>> {
  let select = db.selectFrom('userInvitation').selectAll().where('platformId', '=', platformId);
  if (query.type !== undefined) select = select.where('type', '=', query.type);
  if (query.projectId !== undefined) select = select.where('projectId', '=', query.projectId);
  if (query.status !== undefined) select = select.where('status', '=', query.status);
  return fetchSeekPage(select, 'userInvitation', query);
}

/** Deletes invitation `id` of `platformId`; the delete result (no row deleted: there was none). */
export async function deleteInvitationOfPlatform(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<DeleteResult> {
  return trx
    .deleteFrom('userInvitation')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Marks invitation `id` ACCEPTED; its platform and email, or undefined when there is none. */
export async function markInvitationAccepted(
  trx: Kysely<Database>,
  id: string,
  now: string,
): Promise<{ platformId: string; email: string } | undefined> {
  return trx
    .updateTable('userInvitation')
    .set({ status: 'ACCEPTED', updated: now })
    .where('id', '=', id)
    .returning(['platformId', 'email'])
    .executeTakeFirst();
}

/** The user of `email` on `platformId` (id, platform, email), or undefined. */
export async function findPlatformUserByEmail(
  trx: Kysely<Database>,
  platformId: string,
  email: string,
): Promise<{ id: string; platformId: string; email: string } | undefined> {
  return trx
    .selectFrom('user')
    .select(['id', 'platformId', 'email'])
    .where('platformId', '=', platformId)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The first and last name of user `id`, or undefined. */
export async function findUserNames(
  db: Kysely<Database>,
  id: string,
): Promise<{ firstName: string; lastName: string } | undefined> {
  return db.selectFrom('user').select(['firstName', 'lastName']).where('id', '=', id).executeTakeFirst();
}

/** The name of platform `platformId` (throws when there is none). */
export async function findPlatformName(trx: Kysely<Database>, platformId: string): Promise<{ name: string }> {
  return trx.selectFrom('platform').select('name').where('id', '=', platformId).executeTakeFirstOrThrow();
}

/** The invitations due to apply to `email` on `platformId` (ACCEPTED ones and every PROJECT one), oldest first. */
export async function selectDueInvitations(
  trx: Kysely<Database>,
  platformId: string,
  email: string,
): Promise<InvitationRow[]> {
  return trx
    .selectFrom('userInvitation')
    .selectAll()
    .where('platformId', '=', platformId)
    .where('email', '=', email)
    .where((eb) => eb.or([eb('status', '=', 'ACCEPTED'), eb('type', '=', 'PROJECT')]))
    .orderBy('created')
    .orderBy('id')
    .execute();
}

/** Sets the platform role of user `userId`. */
export async function setUserPlatformRole(
  trx: Kysely<Database>,
  userId: string,
  platformRole: string,
  now: string,
): Promise<void> {
  await trx.updateTable('user').set({ platformRole, updated: now }).where('id', '=', userId).execute();
}

/** Deletes invitation `id`. */
export async function deleteInvitation(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('userInvitation').where('id', '=', id).execute();
}

/** Sets the role of user `userId` in project `projectId`; the update result (no row: not a member). */
export async function updateMemberRole(
  trx: Kysely<Database>,
  projectId: string,
  userId: string,
  projectRoleId: string,
  now: string,
): Promise<UpdateResult> {
  return trx
    .updateTable('projectMember')
    .set({ projectRoleId, updated: now })
    .where('projectId', '=', projectId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Inserts a project member row. */
export async function insertMember(
  trx: Kysely<Database>,
  values: Insertable<ProjectMemberTable>,
): Promise<void> {
  await trx.insertInto('projectMember').values(values).execute();
}

/** Project role `id`, or undefined. */
export async function findProjectRole(
  db: Kysely<Database>,
  id: string,
): Promise<Selectable<ProjectRoleTable> | undefined> {
  return db.selectFrom('projectRole').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many members of `platformId`'s projects have role `roleId`. */
export async function countRoleMembers(
  db: Kysely<Database>,
  platformId: string,
  roleId: string,
): Promise<{ count: string | number }> {
  return db
    .selectFrom('projectMember')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('projectRoleId', '=', roleId)
    .where('platformId', '=', platformId)
    .executeTakeFirstOrThrow();
}
