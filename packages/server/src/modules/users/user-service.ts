/**
 * The platform's users, administered by platform admins and API keys: list them, change a user's
 * role, status or external id, and delete a user. A user of another platform is 404. The last
 * ACTIVE ADMIN of a platform is never demoted, deactivated or deleted (409 VALIDATION);
 * deactivation ends the user's sessions (ENDED_BY_ADMIN) and bumps their `tokenVersion`, so
 * reactivating the user does not revive old tokens. An external id is unique per platform: 409 CONFLICT.
 */
import type { ListUsersQuery, Page, UpdateUserRequest, User } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { assertExternalIdFree } from '../../infrastructure/storage/external-id';
import { mapPage } from '../../infrastructure/storage/seek-page';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import type { ServerContext } from '../../server-context';
import { userView } from '../identity/user-view';
import { endUserSessions } from '../sessions/end-user-sessions';
import { deletePlatformUser } from './delete-platform-user';
import { assertKeepsAnActiveAdmin } from './last-active-admin';
import {
  findPlatformUser,
  findPlatformUserRow,
  selectUserPage,
  updateUserRow,
  type UserViewRow,
} from './user-repository';

/** What the user routes and service use of the server context: the store and the clock. */
export type UserDependencies = Pick<ServerContext, 'store' | 'now'>;

/** One page of the users of platform `platformId`, filtered as `query` asks. */
export async function listUsers(
  deps: UserDependencies,
  platformId: string,
  query: ListUsersQuery,
): Promise<Page<User>> {
  return mapPage(await selectUserPage(deps.store.db, platformId, query, query), userView);
}

/** Changes the role, status or external id of user `id` of the caller's platform. */
export async function updateUser(
  deps: UserDependencies,
  principal: Principal,
  id: string,
  body: UpdateUserRequest,
): Promise<User> {
  const row = await deps.store.write(async (trx) => {
    await lockRowForWrite(trx, 'platform', principal.platformId);
    const user = await userOfPlatform(trx, principal, id);
    await assertKeepsAnActiveAdmin(trx, user, body);
    if (body.externalId != null && body.externalId !== user.externalId) {
      await assertExternalIdFree(trx, 'user', principal.platformId, body.externalId);
    }
    // Deactivation ends the user's sessions for good: reactivating does not revive them.
    const bumpTokenVersion = body.status === 'INACTIVE' && user.status !== 'INACTIVE';
    const now = deps.now();
    if (bumpTokenVersion) {
      await endUserSessions(trx, user.id, 'ENDED_BY_ADMIN', now);
    }
    return updateUserRow(trx, user.id, body, bumpTokenVersion, now);
  });
  return userView(row);
}

/** Deletes user `id` of the caller's platform (see `delete-platform-user.ts`). */
export async function deleteUser(deps: UserDependencies, principal: Principal, id: string): Promise<void> {
  await deps.store.write(async (trx) => {
    await lockRowForWrite(trx, 'platform', principal.platformId);
    const user = await findPlatformUserRow(trx, principal.platformId, id);
    if (user === undefined) {
      throw notFound('user', id);
    }
    await deletePlatformUser(trx, user);
  });
}

async function userOfPlatform(trx: Kysely<Database>, principal: Principal, id: string): Promise<UserViewRow> {
  const user = await findPlatformUser(trx, principal.platformId, id);
  if (user === undefined) {
    throw notFound('user', id);
  }
  return user;
}
