/**
 * The rows of user sessions (migration `0030-user-sessions`).
 * Column conventions: see `../database.ts`.
 */
import type { SessionEndReason } from '@piecework/shared';

/** `userSession`: one signed-in session of a user (one session token, whose `sid` is `id`). */
export interface UserSessionTable {
  id: string;
  userId: string;
  platformId: string;
  created: string;
  /** When a request last used the session, written at most once a minute. */
  lastSeenAt: string;
  /** When the session's token expires. */
  expiresAt: string;
  /** The client address the session was started from. */
  ip: string;
  /** The `User-Agent` header of the request that started the session ('' when none). */
  userAgent: string;
  /** When the session was ended (signed out, revoked, ...); null while it is open. */
  endedAt: string | null;
  endReason: SessionEndReason | null;
}
