/**
 * Ending every open session of a user inside a caller's write transaction: what deprovisioning,
 * deactivation, a password reset and a platform admin's "End sessions" share.
 */
import type { Kysely } from 'kysely';
import type { SessionEndReason } from '@piecework/shared';
import type { Database } from '../../infrastructure/storage/database';
import { endOpenSessions } from './session-repository';

/**
 * Ends every open session of user `userId` at `now` for `reason`, in the caller's transaction `trx`;
 * answers how many it ended. Their tokens are refused from the moment the transaction commits, in
 * every process (the request check reads the session row with the user row). It does not touch the
 * user's `tokenVersion`: bump that too (a password reset, a deactivation) when tokens issued
 * before sessions were recorded (they carry no `sid`) must stop working as well.
 */
export async function endUserSessions(
  trx: Kysely<Database>,
  userId: string,
  reason: SessionEndReason,
  now: string,
): Promise<number> {
  return endOpenSessions(trx, { userId }, reason, now);
}
