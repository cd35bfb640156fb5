/**
 * Starting a server-side session: a `userSession` row and the session token naming it (`sid`).
 * Sign-up, sign-in, federated sign-in and managed authentication answer with such a token.
 */
import { generateId } from '@piecework/shared';
import { SESSION_LIFETIME_MS } from '../../infrastructure/auth/session-tokens';
import { microsOf, timestampOf } from '../../infrastructure/storage/timestamp';
import type { ServerContext } from '../../server-context';
import type { SessionOrigin } from './session-origin';
import { insertSession } from './session-repository';

/** What starting a session uses of the server context: the store, the clock and the token issuer. */
export type SessionStartDependencies = Pick<ServerContext, 'store' | 'now' | 'tokens'>;

/** The user a session is started for, with their current token version. */
export interface SessionUser {
  readonly id: string;
  readonly platformId: string;
  readonly tokenVersion: number;
}

/**
 * Records a new session of `user` started from `origin` and answers its session token, valid
 * {@link SESSION_LIFETIME_MS} (the row's `expiresAt` is the token's `exp`).
 */
export async function startSession(
  ctx: SessionStartDependencies,
  user: SessionUser,
  origin: SessionOrigin,
): Promise<string> {
  const id = generateId();
  const now = ctx.now();
  // JWT expiry is in whole seconds: the row keeps the same instant.
  const expiresAtMs = Math.floor((microsOf(now) / 1000 + SESSION_LIFETIME_MS) / 1000) * 1000;
  await ctx.store.write((trx) =>
    insertSession(trx, {
      id,
      userId: user.id,
      platformId: user.platformId,
      created: now,
      lastSeenAt: now,
      expiresAt: timestampOf(expiresAtMs),
      ip: origin.ip,
      userAgent: origin.userAgent,
      endedAt: null,
      endReason: null,
    }),
  );
  return ctx.tokens.issue({
    userId: user.id,
    platformId: user.platformId,
    tokenVersion: user.tokenVersion,
    sessionId: id,
    expiresAtMs,
  });
}
