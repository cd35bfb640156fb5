/**
 * JWTs as a host product signs them for managed authentication, for tests: RS256 with a signing
 * key's private PEM (as `jsonwebtoken`'s `sign(payload, key, {algorithm: 'RS256', keyid})` does),
 * or any header and signature a test needs to forge.
 */
import { createHmac, sign } from 'node:crypto';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** `header.payload` as base64url JSON. */
export function unsignedToken(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  return `${encode(header)}.${encode(payload)}`;
}

/** An RS256 JWT of `payload` signed with `privateKeyPem`, its header naming key `kid`. */
export function signExternalToken(
  privateKeyPem: string,
  kid: string,
  payload: Record<string, unknown>,
  header: Record<string, unknown> = {},
): string {
  const input = unsignedToken({ alg: 'RS256', typ: 'JWT', kid, ...header }, payload);
  return `${input}.${sign('sha256', Buffer.from(input), privateKeyPem).toString('base64url')}`;
}

/** An HS256 JWT of `payload` whose HMAC secret is `secret` (the algorithm-confusion attack). */
export function hmacToken(secret: string, kid: string, payload: Record<string, unknown>): string {
  const input = unsignedToken({ alg: 'HS256', typ: 'JWT', kid }, payload);
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** Seconds since the epoch, `offset` seconds from now. */
export function epochSeconds(offset = 0): number {
  return Math.floor(Date.now() / 1000) + offset;
}
