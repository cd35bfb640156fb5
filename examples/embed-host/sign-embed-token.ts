/**
 * Signs the JWT a host backend hands to `@piecework/embed` (managed authentication): RS256 with
 * the private key of a platform signing key, `kid` = the key's id. Only node:crypto; the same
 * token `jsonwebtoken.sign(claims, privateKey, {algorithm: 'RS256', keyid, expiresIn})` makes.
 */
import { createSign } from 'node:crypto';

/** Activepieces' v3 claims (all but the four names are optional). */
export interface EmbedTokenClaims {
  externalUserId: string;
  externalProjectId: string;
  firstName: string;
  lastName: string;
  email?: string;
  /** A project role name: Admin, Editor (default), Viewer or a custom role; case does not matter. */
  role?: string;
  projectDisplayName?: string;
  piecesFilterType?: 'NONE' | 'ALLOWED';
  piecesTags?: string[];
}

/** A platform signing key as `POST /v1/signing-keys` answered it. */
export interface EmbedSigningKey {
  id: string;
  privateKey: string;
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/**
 * The signed token, valid `expiresInSeconds` (default 10 minutes) from `now` (seconds since the
 * epoch; default the clock).
 *
 * @example
 * ```ts
 * const token = signEmbedToken({ externalUserId: 'u1', externalProjectId: 'p1', firstName: 'Grace', lastName: 'Hopper' }, key);
 * ```
 */
export function signEmbedToken(
  claims: EmbedTokenClaims,
  key: EmbedSigningKey,
  options: { expiresInSeconds?: number; now?: number } = {},
): string {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: key.id }));
  const payload = base64url(
    JSON.stringify({ version: 'v3', ...claims, iat: now, exp: now + (options.expiresInSeconds ?? 600) }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${payload}`).sign(key.privateKey);
  return `${header}.${payload}.${base64url(signature)}`;
}
