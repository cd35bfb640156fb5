/**
 * Deleting a user of a platform, as Activepieces does outside its cloud: the user's
 * PERSONAL projects go with everything in them, their memberships go (foreign key cascade), and
 * the flows and connections they owned stay, without an owner (foreign key set null). TEAM
 * projects the user owns (an OPERATOR created them) stay and pass to the platform's first active
 * admin. The last active admin cannot be deleted (see `last-active-admin.ts`).
 */
import type { Kysely, Selectable } from 'kysely';
import { ruleViolation } from '../../infrastructure/errors';
import type { Database, UserTable } from '../../infrastructure/storage/database';
import { assertKeepsAnActiveAdmin } from './last-active-admin';
import {
  deleteProjects,
  deleteUserRow,
  otherActiveAdminId,
  selectOwnedProjects,
  setProjectsOwner,
} from './user-repository';

/**
 * Deletes `user` inside write transaction `trx` (the platform row already locked). Answers the
 * ids of the PERSONAL projects deleted with it.
 */
export async function deletePlatformUser(
  trx: Kysely<Database>,
  user: Selectable<UserTable>,
): Promise<string[]> {
  await assertKeepsAnActiveAdmin(trx, user, 'DELETE');
  const owned = await selectOwnedProjects(trx, user.id, user.platformId);
  const teamProjectIds = owned.filter((project) => project.type !== 'PERSONAL').map((project) => project.id);
  if (teamProjectIds.length > 0) {
    const heir = await firstActiveAdminOtherThan(trx, user);
    await setProjectsOwner(trx, teamProjectIds, heir);
  }
  const personalProjectIds = owned
    .filter((project) => project.type === 'PERSONAL')
    .map((project) => project.id);
  if (personalProjectIds.length > 0) {
    await deleteProjects(trx, personalProjectIds);
  }
  await deleteUserRow(trx, user.id);
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
