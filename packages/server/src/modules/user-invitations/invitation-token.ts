/**
 * Invitation tokens: HS256 JWTs (jose) naming one invitation, signed with the server's session
 * secret (AP_JWT_SECRET) but for their own audience, so an invitation token is never a session
 * and a session token never accepts an invitation. Valid one day, as Activepieces' links are.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'piecework';
/** The audience of invitation tokens (session tokens have `piecework-session`). */
export const INVITATION_AUDIENCE = 'piecework-user-invitation';
/** How long an invitation link works. */
export const INVITATION_LIFETIME_SECONDS = 24 * 60 * 60;

/** Signs and reads invitation tokens with one secret. Use one per server (`ctx.settings.jwtSecret`). */
export class InvitationTokens {
  private readonly key: KeyObject;

  constructor(secret: Uint8Array) {
    this.key = createSecretKey(secret);
  }

  /** A token for invitation `invitationId`, valid {@link INVITATION_LIFETIME_SECONDS} from now. */
  issue(invitationId: string): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(invitationId)
      .setIssuer(ISSUER)
      .setAudience(INVITATION_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + INVITATION_LIFETIME_SECONDS)
      .sign(this.key);
  }

  /** The invitation id of a valid, unexpired token of this server; `null` for anything else. */
  async verify(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: INVITATION_AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
