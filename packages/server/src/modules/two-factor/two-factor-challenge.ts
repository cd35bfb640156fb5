/**
 * The challenge of a password sign-in that needs a second factor: an HS256 JWT (jose) with its
 * own audience, valid {@link CHALLENGE_LIFETIME_SECONDS}, naming the user, their platform and
 * token version (a password reset in between voids it), whether enrolment is required, and the
 * email (the authentication rate limit reads it to count the attempt against that email). Issued and checked
 * against the server's clock (`now`), so tests can move it.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/** How long a sign-in's second step may take. */
export const CHALLENGE_LIFETIME_SECONDS = 5 * 60;

const ISSUER = 'piecework';
const AUDIENCE = 'piecework-two-factor';

/** What a valid challenge says. */
export interface ChallengeClaims {
  userId: string;
  platformId: string;
  tokenVersion: number;
  email: string;
  enrolmentRequired: boolean;
}

/** Issues and checks challenges with the server's JWT secret. */
export class TwoFactorChallenges {
  private readonly key: KeyObject;

  constructor(secret: Uint8Array) {
    this.key = createSecretKey(secret);
  }

  /** A new challenge issued at `nowMs`. */
  issue(claims: ChallengeClaims, nowMs: number): Promise<string> {
    const issuedAt = Math.floor(nowMs / 1000);
    return new SignJWT({
      platformId: claims.platformId,
      tv: claims.tokenVersion,
      email: claims.email,
      enrol: claims.enrolmentRequired,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + CHALLENGE_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The claims of a challenge valid at `nowMs`, or null (expired, altered, another audience). */
  async verify(token: string, nowMs: number): Promise<ChallengeClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['iat', 'exp', 'sub'],
        currentDate: new Date(nowMs),
      });
      const { platformId, tv, email, enrol } = payload;
      if (
        typeof payload.sub !== 'string' ||
        typeof platformId !== 'string' ||
        typeof tv !== 'number' ||
        typeof email !== 'string' ||
        typeof enrol !== 'boolean'
      ) {
        return null;
      }
      return { userId: payload.sub, platformId, tokenVersion: tv, email, enrolmentRequired: enrol };
    } catch {
      return null;
    }
  }
}
