/**
 * Session tokens: HS256 JWTs (jose) naming the user and platform, valid 7 days. Issued at sign-up
 * and sign-in; verified on every request that carries one.
 */
import { SignJWT, jwtVerify } from 'jose';

/** What a valid session token says. */
export interface SessionClaims {
  userId: string;
  platformId: string;
}

const ISSUER = 'piecework';
const AUDIENCE = 'piecework-session';
const LIFETIME = '7d';

/** Issues and verifies session tokens with one secret. */
export class SessionTokens {
  constructor(private readonly secret: Uint8Array) {}

  /** A new token for the user. */
  issue(claims: SessionClaims): Promise<string> {
    return new SignJWT({ platformId: claims.platformId, type: 'USER' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(LIFETIME)
      .sign(this.secret);
  }

  /** The claims of a valid, unexpired token; `null` for anything else. */
  async verify(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload['platformId'] !== 'string') {
        return null;
      }
      return { userId: payload.sub, platformId: payload['platformId'] };
    } catch {
      return null;
    }
  }
}
