/**
 * Recovery codes: 10 single-use codes a user keeps for when their authenticator app is gone.
 * Each is 10 random characters of an alphabet without look-alikes (about 49 bits), shown as
 * `xxxxx-xxxxx`. They are stored as the SHA-256 of their normalised form (lower case, letters and
 * digits only): at that entropy a fast hash is enough, and a typed code matches whatever its case
 * or separators.
 */
import { createHash, randomInt } from 'node:crypto';

/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** {@link RECOVERY_CODE_COUNT} new codes, as shown to the user. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The stored hash of a recovery code as typed (case, spaces and dashes ignored). */
export function hashRecoveryCode(code: string): string {
  const normalised = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}
