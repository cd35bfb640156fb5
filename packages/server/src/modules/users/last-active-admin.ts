/**
 * The rule that keeps a platform administrable: it always has at least one ACTIVE ADMIN. Demoting,
 * deactivating or deleting its last one is refused with 409 VALIDATION.
 */
import type { Kysely, Selectable } from 'kysely';
import { ruleViolation } from '../../infrastructure/errors';
import type { Database, UserTable } from '../../infrastructure/storage/database';
import { otherActiveAdminId } from './user-repository';

/** What a user becomes: a new role and/or status, or deleted. */
export type UserChange = { platformRole?: string | undefined; status?: string | undefined } | 'DELETE';

/**
 * Throws 409 VALIDATION when `user` is an ACTIVE ADMIN, `change` ends that, and no other ACTIVE
 * ADMIN of its platform remains. Call it inside the write transaction that makes the change,
 * after locking the platform row (`lockRowForWrite(trx, 'platform', ...)`), so that two admins
 * demoted at once cannot both pass.
 */
export async function assertKeepsAnActiveAdmin(
  trx: Kysely<Database>,
  user: Pick<Selectable<UserTable>, 'id' | 'platformId' | 'platformRole' | 'status' | 'email'>,
  change: UserChange,
): Promise<void> {
  if (user.platformRole !== 'ADMIN' || user.status !== 'ACTIVE' || !endsActiveAdmin(change)) {
    return;
  }
  if ((await otherActiveAdminId(trx, user)) === undefined) {
    const what = change === 'DELETE' ? 'deleted' : change.status === 'INACTIVE' ? 'deactivated' : 'demoted';
    throw ruleViolation(
      `${user.email} is the last active admin of this platform and cannot be ${what}; make another user an active admin first`,
      { userId: user.id },
    );
  }
}

function endsActiveAdmin(change: UserChange): boolean {
  if (change === 'DELETE') {
    return true;
  }
  const demoted = change.platformRole !== undefined && change.platformRole !== 'ADMIN';
  return demoted || change.status === 'INACTIVE';
}
