/**
 * Turns an `Authorization: Bearer ...` header into a {@link Principal}: `sk-...` values are
 * platform API keys (looked up by hash), anything else must be a valid session token of an ACTIVE
 * user whose token version the token carries (a password reset bumps it) and, for a token naming a
 * server-side session (`sid`), whose session is neither ended nor expired; the session's
 * `lastSeenAt` is written at most once a minute. No header: 401 AUTHENTICATION; a bad or expired
 * credential: 401 INVALID_BEARER_TOKEN.
 */
import { PieceworkError, PlatformRole } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { API_KEY_PREFIX, hashApiKeyValue } from '../../infrastructure/auth/api-key-value';
import type { Principal } from '../../infrastructure/auth/principal';
import { compiledStatement } from '../../infrastructure/storage/compiled-statement';
import { microsOf, timestampOfMicros } from '../../infrastructure/storage/timestamp';
import { touchSession } from '../sessions/session-repository';

/** What authenticating a caller uses of the server context: the store, the clock, the session tokens. */
export type AuthenticationDependencies = Pick<ServerContext, 'store' | 'now' | 'tokens'>;

/** How stale an API key's `lastUsedAt` or a session's `lastSeenAt` may get before a request refreshes it (avoids a write per request). */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves the caller of a request from its Authorization header. */
export async function authenticate(
  ctx: AuthenticationDependencies,
  authorization: string | undefined,
): Promise<Principal> {
  const token = bearerToken(authorization);
  if (token === undefined) {
    throw new PieceworkError('AUTHENTICATION', {
      message: 'Send a bearer token: Authorization: Bearer <token>',
    });
  }
  const principal = token.startsWith(API_KEY_PREFIX)
    ? await authenticateApiKey(ctx, token)
    : await authenticateSession(ctx, token);
  if (principal === null) {
    throw new PieceworkError('INVALID_BEARER_TOKEN', { message: 'The bearer token is invalid or expired' });
  }
  return principal;
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

async function authenticateApiKey(ctx: AuthenticationDependencies, value: string): Promise<Principal | null> {
  const key = await ctx.store.db
    .selectFrom('apiKey')
    .select(['id', 'platformId', 'lastUsedAt'])
    .where('hashedValue', '=', hashApiKeyValue(value))
    .executeTakeFirst();
  if (key === undefined) {
    return null;
  }
  const now = ctx.now();
  if (key.lastUsedAt === null || Date.parse(now) - Date.parse(key.lastUsedAt) > LAST_USED_RESOLUTION_MS) {
    await ctx.store.db.updateTable('apiKey').set({ lastUsedAt: now }).where('id', '=', key.id).execute();
  }
  return { type: 'SERVICE', id: key.id, platformId: key.platformId };
}

async function authenticateSession(
  ctx: AuthenticationDependencies,
  token: string,
): Promise<Principal | null> {
  const claims = await ctx.tokens.verify(token);
  if (claims === null) {
    return null;
  }
  const user = await findSessionUser(ctx, claims.userId, claims.platformId, claims.sessionId);
  if (user === undefined || user.status !== 'ACTIVE' || user.tokenVersion !== (claims.tokenVersion ?? 0)) {
    return null;
  }
  if (claims.sessionId !== undefined) {
    const now = ctx.now();
    if (
      user.sessionId === null ||
      user.endedAt !== null ||
      user.expiresAt === null ||
      user.expiresAt <= now
    ) {
      return null;
    }
    if (
      user.lastSeenAt !== null &&
      microsOf(now) - microsOf(user.lastSeenAt) > LAST_USED_RESOLUTION_MS * 1000
    ) {
      const staleBefore = timestampOfMicros(microsOf(now) - LAST_USED_RESOLUTION_MS * 1000);
      await touchSession(ctx.store.db, claims.sessionId, now, staleBefore);
    }
  }
  return {
    type: 'USER',
    id: user.id,
    platformId: user.platformId,
    platformRole: PlatformRole.parse(user.platformRole),
    email: user.email,
    ...(claims.sessionId === undefined ? {} : { sessionId: claims.sessionId }),
  };
}

/** What {@link findSessionUser} reads: the user's columns and, for a recorded session, its state. */
interface SessionUserRow {
  id: string;
  platformId: string;
  platformRole: string;
  email: string;
  status: string;
  tokenVersion: number;
  sessionId: string | null;
  endedAt: string | null;
  expiresAt: string | null;
  lastSeenAt: string | null;
}

/**
 * The user a session token names and, for a token of a recorded session, that session's state, in
 * one query (the session check costs no extra round trip, and an ended session is refused by the
 * next request in every process), compiled once: building and compiling it per request would cost
 * more than SQLite takes to run it.
 */
const selectSessionUser = compiledStatement<
  { userId: string; platformId: string; sessionId: string },
  SessionUserRow
>((db, param) =>
  db
    .selectFrom('user')
    .leftJoin('userSession', (join) =>
      join.onRef('userSession.userId', '=', 'user.id').on('userSession.id', '=', param('sessionId')),
    )
    .select([
      'user.id',
      'user.platformId',
      'user.platformRole',
      'user.email',
      'user.status',
      'user.tokenVersion',
      'userSession.id as sessionId',
      'userSession.endedAt',
      'userSession.expiresAt',
      'userSession.lastSeenAt',
    ])
    .where('user.id', '=', param('userId'))
    .where('user.platformId', '=', param('platformId')),
);

async function findSessionUser(
  ctx: AuthenticationDependencies,
  userId: string,
  platformId: string,
  sessionId: string | undefined,
): Promise<SessionUserRow | undefined> {
  // A token without a session joins no row ('' is no session's id).
  const result = await selectSessionUser.run(ctx.store.db, {
    userId,
    platformId,
    sessionId: sessionId ?? '',
  });
  return result.rows[0];
}
