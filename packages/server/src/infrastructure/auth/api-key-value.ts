/**
 * Platform API key values: `sk-` followed by 48 random base64url characters (288 bits). Only the
 * SHA-256 of a value is stored (a fast hash is right here: the value is random, not a password),
 * plus its last four characters to recognise it in a list.
 */
import { createHash, randomBytes } from 'node:crypto';

/** The prefix that tells an API key from a session token. */
export const API_KEY_PREFIX = 'sk-';

/** A new API key value. */
export function generateApiKeyValue(): string {
  return `${API_KEY_PREFIX}${randomBytes(36).toString('base64url')}`;
}

/** The stored form of a value. */
export function hashApiKeyValue(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** What a list shows of a value: `sk-...` plus its last four characters. */
export function truncateApiKeyValue(value: string): string {
  return `${API_KEY_PREFIX}...${value.slice(-4)}`;
}
