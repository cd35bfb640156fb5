/**
 * The tokens of step-file URLs (`<apiUrl>v1/step-files/signed?token=<jwt>`): HS256 JWTs naming one
 * file of one project, valid {@link STEP_FILE_LIFETIME_SECONDS} (Activepieces signs them for its
 * execution data retention, 30 days by default). Their key is derived from AP_JWT_SECRET for this
 * use alone (HMAC), so a step-file token is never a session token nor the other way round.
 */
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** How long a step file's URL works: 30 days, Activepieces's default execution data retention. */
export const STEP_FILE_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

const ISSUER = 'piecework';
const AUDIENCE = 'piecework-step-file';

/** What a token names. */
export interface StepFileClaims {
  readonly fileId: string;
  readonly projectId: string;
}

/** What checking a token found: its file, or why it names none. */
export type StepFileTokenCheck =
  | ({ readonly ok: true } & StepFileClaims)
  | { readonly ok: false; readonly reason: 'expired'; readonly expiredAt: string }
  | { readonly ok: false; readonly reason: 'invalid' };

/** The key of each server secret, derived once (the first step file a process signs or reads). */
const keys = new WeakMap<Uint8Array, KeyObject>();

function keyOf(jwtSecret: Uint8Array): KeyObject {
  let key = keys.get(jwtSecret);
  if (key === undefined) {
    key = createSecretKey(createHmac('sha256', jwtSecret).update('piecework step files v1').digest());
    keys.set(jwtSecret, key);
  }
  return key;
}

/** Signs and checks step-file tokens with a key derived from the server's secret. */
export class StepFileTokens {
  constructor(
    private readonly jwtSecret: Uint8Array,
    /** The clock in seconds since the epoch (tests make expired tokens with it). */
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** A token for file `fileId` of `projectId`, valid `lifetimeSeconds` from now. */
  issue(
    { fileId, projectId }: StepFileClaims,
    lifetimeSeconds = STEP_FILE_LIFETIME_SECONDS,
  ): Promise<string> {
    const now = this.nowSeconds();
    return new SignJWT({ pid: projectId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(fileId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(keyOf(this.jwtSecret));
  }

  /** The file a token of this server names, or why it names none (expired, or not one of ours). */
  async check(token: string): Promise<StepFileTokenCheck> {
    try {
      const { payload } = await jwtVerify(token, keyOf(this.jwtSecret), {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(this.nowSeconds() * 1000),
      });
      const projectId = payload['pid'];
      if (typeof payload.sub !== 'string' || typeof projectId !== 'string')
        return { ok: false, reason: 'invalid' };
      return { ok: true, fileId: payload.sub, projectId };
    } catch (error) {
      if (error instanceof errors.JWTExpired && typeof error.payload.exp === 'number') {
        return { ok: false, reason: 'expired', expiredAt: new Date(error.payload.exp * 1000).toISOString() };
      }
      return { ok: false, reason: 'invalid' };
    }
  }
}
