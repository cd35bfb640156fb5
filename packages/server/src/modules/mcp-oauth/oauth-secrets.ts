/**
 * The random values of the authorization server (client secrets, codes, refresh tokens) and how
 * they are kept: base64url of fresh random bytes, stored only as their SHA-256 (hex), compared in
 * constant time. Use {@link newSecret} to make one and {@link hashSecret} to store or look it up.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of a client secret and of an authorization code. */
export const SECRET_BYTES = 32;

/** Bytes of a refresh token. */
export const REFRESH_TOKEN_BYTES = 48;

/** A new random value of `bytes` bytes, base64url (no padding). */
export function newSecret(bytes: number = SECRET_BYTES): string {
  return randomBytes(bytes).toString('base64url');
}

/** The SHA-256 (hex) a secret is stored and looked up by. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Whether `value` hashes to `storedHash`, compared in constant time. */
export function secretMatches(value: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(value), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The S256 PKCE challenge of `verifier` (RFC 7636 §4.2): BASE64URL(SHA256(verifier)). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A PKCE code verifier or challenge: 43 to 128 unreserved characters (RFC 7636 §4.1). */
export const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;
