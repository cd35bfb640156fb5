import { z } from 'zod';

/**
 * Why a session ended: the user signed out of it (SIGNED_OUT) or revoked it from another session
 * (REVOKED), a platform admin ended it or deactivated the user (ENDED_BY_ADMIN), the identity
 * provider deprovisioned the user (DEPROVISIONED), or the user's password was reset (PASSWORD_RESET).
 */
export const SessionEndReason = z.enum([
  'SIGNED_OUT',
  'REVOKED',
  'ENDED_BY_ADMIN',
  'DEPROVISIONED',
  'PASSWORD_RESET',
]);
export type SessionEndReason = z.infer<typeof SessionEndReason>;

/**
 * One open session of the signed-in user, as `GET /v1/users/me/sessions` lists it: where it was
 * started (`ip`, `userAgent`), when it was last used (`lastSeenAt`, kept to the minute), when its
 * token expires, and whether it is the session of the request that lists it (`current`).
 */
export const UserSession = z.object({
  id: z.string(),
  created: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof UserSession>;

/** The open sessions of the signed-in user, newest first. */
export const UserSessionList = z.object({ data: z.array(UserSession) });
export type UserSessionList = z.infer<typeof UserSessionList>;

/** How many sessions a call ended. */
export const EndedSessions = z.object({ ended: z.number().int().min(0) });
export type EndedSessions = z.infer<typeof EndedSessions>;
