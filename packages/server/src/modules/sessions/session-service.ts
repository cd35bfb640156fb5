/**
 * The signed-in user's sessions: list the open ones, end one, end all but the caller's, sign out;
 * and a platform admin ending every session of a user of their platform. An ended session's token
 * is refused by the next request, in every process (see `modules/access/authenticate.ts`).
 */
import { PieceworkError, type EndedSessions, type UserSessionList } from '@piecework/shared';
import type { Principal, UserPrincipal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import { endUserSessions } from './end-user-sessions';
import {
  bumpTokenVersion,
  endOpenSessions,
  isUserOfPlatform,
  selectOpenSessions,
} from './session-repository';

/** What the session routes and service use of the server context: the store and the clock. */
export type SessionDependencies = Pick<ServerContext, 'store' | 'now'>;

/** The caller's open sessions, newest first; `current` marks the one of the calling token. */
export async function listSessions(
  deps: SessionDependencies,
  principal: Principal,
): Promise<UserSessionList> {
  const user = userPrincipal(principal);
  const rows = await selectOpenSessions(deps.store.db, user.id, deps.now());
  return {
    data: rows.map((row) => ({
      id: row.id,
      created: row.created,
      lastSeenAt: row.lastSeenAt,
      expiresAt: row.expiresAt,
      ip: row.ip,
      userAgent: row.userAgent,
      current: row.id === user.sessionId,
    })),
  };
}

/** Ends the caller's open session `id` (REVOKED); 404 for one that is not the caller's or not open. */
export async function revokeSession(
  deps: SessionDependencies,
  principal: Principal,
  id: string,
): Promise<void> {
  const user = userPrincipal(principal);
  const ended = await deps.store.write((trx) =>
    endOpenSessions(trx, { userId: user.id, only: id }, 'REVOKED', deps.now()),
  );
  if (ended === 0) {
    throw notFound('userSession', id);
  }
}

/** Ends every open session of the caller but the calling one (REVOKED); answers how many. */
export async function endOtherSessions(
  deps: SessionDependencies,
  principal: Principal,
): Promise<EndedSessions> {
  const user = userPrincipal(principal);
  const ended = await deps.store.write((trx) =>
    endOpenSessions(
      trx,
      { userId: user.id, ...(user.sessionId === undefined ? {} : { except: user.sessionId }) },
      'REVOKED',
      deps.now(),
    ),
  );
  return { ended };
}

/**
 * Ends the calling session (SIGNED_OUT). A token issued without a session has nothing to end: it
 * stays valid until it expires, and the client forgets it.
 */
export async function signOut(deps: SessionDependencies, principal: Principal): Promise<void> {
  const user = userPrincipal(principal);
  const sessionId = user.sessionId;
  if (sessionId === undefined) return;
  await deps.store.write((trx) =>
    endOpenSessions(trx, { userId: user.id, only: sessionId }, 'SIGNED_OUT', deps.now()),
  );
}

/**
 * Ends every session of user `userId` of the caller's platform (ENDED_BY_ADMIN) and bumps the
 * user's token version, so tokens issued without a session stop working too; answers how many
 * sessions it ended. A user of another platform is 404.
 */
export async function endSessionsOfUser(
  deps: SessionDependencies,
  principal: Principal,
  userId: string,
): Promise<EndedSessions> {
  const ended = await deps.store.write(async (trx) => {
    if (!(await isUserOfPlatform(trx, principal.platformId, userId))) {
      throw notFound('user', userId);
    }
    const now = deps.now();
    await bumpTokenVersion(trx, userId, now);
    return endUserSessions(trx, userId, 'ENDED_BY_ADMIN', now);
  });
  return { ended };
}

/** The caller as a user; the endpoints' `user` access already refused API keys. */
function userPrincipal(principal: Principal): UserPrincipal {
  if (principal.type !== 'USER') {
    throw new PieceworkError('AUTHORIZATION', { message: 'Only a signed-in user has sessions' });
  }
  return principal;
}
