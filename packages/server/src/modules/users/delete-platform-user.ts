/**
 * Deleting a user of a platform, as the reference platform does outside its cloud: the user's
 * PERSONAL projects go with everything in them, their memberships go (foreign key cascade), and
 * the flows and connections they owned stay, without an owner (foreign key set null). TEAM
 * projects the user owns (an OPERATOR created them) stay and pass to the platform's first active
 * admin. The last active admin cannot be deleted (see `last-active-admin.ts`).
 */
import type { Kysely, Selectable } from 'kysely';
import { ruleViolation } from '../../infrastructure/errors';
import type { Database, UserTable } from '../../infrastructure/storage/database';
import { assertKeepsAnActiveAdmin, otherActiveAdminId } from './last-active-admin';

/**
 * Deletes `user` inside write transaction `trx` (the platform row already locked). Answers the
 * ids of the PERSONAL projects deleted with it.
 */
export async function deletePlatformUser(
  trx: Kysely<Database>,
  user: Selectable<UserTable>,
): Promise<string[]> {
  await assertKeepsAnActiveAdmin(trx, user, 'DELETE');
  const owned = await trx
    .selectFrom('project')
    .select(['id', 'type'])
    .where('ownerId', '=', user.id)
    .where('platformId', '=', user.platformId)
    .execute();
  const teamProjectIds = owned.filter((project) => project.type !== 'PERSONAL').map((project) => project.id);
  if (teamProjectIds.length > 0) {
    const heir = await firstActiveAdminOtherThan(trx, user);
    await trx.updateTable('project').set({ ownerId: heir }).where('id', 'in', teamProjectIds).execute();
  }
  const personalProjectIds = owned
    .filter((project) => project.type === 'PERSONAL')
    .map((project) => project.id);
  if (personalProjectIds.length > 0) {
    await trx.deleteFrom('project').where('id', 'in', personalProjectIds).execute();
  }
  await trx.deleteFrom('user').where('id', '=', user.id).execute();
  return personalProjectIds;
}

async function firstActiveAdminOtherThan(
  trx: Kysely<Database>,
  user: Pick<Selectable<UserTable>, 'id' | 'platformId' | 'email'>,
): Promise<string> {
  const admin = await otherActiveAdminId(trx, user);
  if (admin === undefined) {
    throw ruleViolation(
      `${user.email} owns TEAM projects and the platform has no other active admin to take them over`,
      { userId: user.id },
    );
  }
  return admin;
}
