/**
 * The fixtures of the session endpoints. The callers' tokens are minted without a server-side
 * session, so the own-session calls find none to end (a session id is then 404) and leave the
 * tokens working; an admin ends the sessions of a fresh member.
 */
import { addTestUser, type Fixture } from './world';

/** One row per endpoint (`area.name`): how to call it. */
export const SESSION_FIXTURES: Record<string, Fixture> = {
  'sessions.list': async () => ({ platformWide: true }),
  'sessions.revoke': async () => ({
    platformWide: true,
    // No caller's token names a session: any session id is not one of the caller's.
    allowedStatus: 404,
  }),
  'sessions.endOthers': async () => ({ platformWide: true }),
  'sessions.signOut': async () => ({ platformWide: true }),
  'sessions.endForUser': async (w) => ({
    params: { id: (await addTestUser(w.server, w.platformId, 'MEMBER')).userId },
  }),
};
