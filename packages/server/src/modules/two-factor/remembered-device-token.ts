/**
 * Remembered-device tokens: 32 random bytes (base64url) a browser keeps after a two-factor sign-in
 * with "remember this device"; the server stores only their SHA-256, valid
 * {@link REMEMBERED_DEVICE_DAYS} days.
 */
import { createHash, randomBytes } from 'node:crypto';

/** How long a remembered device skips the second step. */
export const REMEMBERED_DEVICE_DAYS = 30;

/** A new token and the hash to store. */
export function newRememberedDeviceToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashRememberedDeviceToken(token) };
}

/** The stored hash of a token. */
export function hashRememberedDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
