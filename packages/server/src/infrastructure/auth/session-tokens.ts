/**
 * Session tokens: HS256 JWTs (jose) naming the user and platform, valid 7 days. Issued at sign-up
 * and sign-in; verified on every request that carries one. A token must say when it was issued
 * (`iat`), and not later than {@link CLOCK_SKEW_SECONDS} from now: a token "issued in the future"
 * was not issued by this clock (jose itself checks only `exp` and `nbf`). A token carries the
 * user's token version (`tv`) at issue: the request check refuses a token whose version is not the
 * user's current one, so bumping the version (a password reset) ends every earlier session. A token
 * issued for a server-side session (`modules/sessions/`) carries the session's id (`sid`): the
 * request check then also refuses it once that session has ended. Tokens without `sid` (issued
 * before sessions were recorded) stay valid until they expire.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** What a valid session token says. */
export interface SessionClaims {
  userId: string;
  platformId: string;
  /** The user's `tokenVersion` when the token was issued (0 when absent: tokens of before versions). */
  tokenVersion?: number;
  /** The id of the token's `userSession` row (`sid`); absent on tokens issued without one. */
  sessionId?: string;
}

/** What {@link SessionTokens.issue} signs: the claims with the user's current token version. */
export interface IssuedSessionClaims extends SessionClaims {
  tokenVersion: number;
  /** When the token expires, in ms since the epoch (default: {@link SESSION_LIFETIME_MS} from now). */
  expiresAtMs?: number;
}

const ISSUER = 'piecework';
const AUDIENCE = 'piecework-session';

/** How long a session token is valid: 7 days. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** How far in the future a token's `iat` may be (clocks of several app processes drift a little). */
export const CLOCK_SKEW_SECONDS = 60;

/** How many verified tokens are remembered (a verified token is not verified again until it expires). */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Issues and verifies session tokens with one secret. Verified tokens are remembered with their
 * expiry, so a client sending the same token again costs a map lookup, not an HMAC.
 */
export class SessionTokens {
  private readonly key: KeyObject;
  private readonly verified = new Map<string, { claims: SessionClaims; expiresAtMs: number }>();

  constructor(secret: Uint8Array) {
    this.key = createSecretKey(secret);
  }

  /**
   * A new token for the user, carrying the user's current `tokenVersion` (the `user` row's) and,
   * for a recorded session, its id as `sid`.
   */
  issue(claims: IssuedSessionClaims): Promise<string> {
    const expiresAtMs = claims.expiresAtMs ?? Date.now() + SESSION_LIFETIME_MS;
    return new SignJWT({
      platformId: claims.platformId,
      type: 'USER',
      tv: claims.tokenVersion,
      ...(claims.sessionId === undefined ? {} : { sid: claims.sessionId }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAtMs / 1000))
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token issued no later than now (give or take the skew); `null` for anything else. */
  async verify(token: string): Promise<SessionClaims | null> {
    const remembered = this.verified.get(token);
    if (remembered !== undefined && remembered.expiresAtMs > Date.now()) {
      return remembered.claims;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload['platformId'] !== 'string') {
        return null;
      }
      if ((payload.iat ?? Infinity) > Date.now() / 1000 + CLOCK_SKEW_SECONDS) {
        return null;
      }
      const version = payload['tv'];
      const tokenVersion = typeof version === 'number' && Number.isInteger(version) ? version : 0;
      const sid = payload['sid'];
      const claims: SessionClaims = {
        userId: payload.sub,
        platformId: payload['platformId'],
        tokenVersion,
        ...(typeof sid === 'string' ? { sessionId: sid } : {}),
      };
      this.remember(token, claims, (payload.exp ?? 0) * 1000);
      return claims;
    } catch {
      return null;
    }
  }

  private remember(token: string, claims: SessionClaims, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      this.verified.clear();
    }
    this.verified.set(token, { claims, expiresAtMs });
  }
}
