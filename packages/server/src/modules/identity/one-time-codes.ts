/**
 * Emailed one-time codes (email verification, password reset). A code is 128 random bits (a UUID,
 * as Activepieces), stored only as its SHA-256, one per user and kind: issuing a new code
 * replaces the older one. A code is used by deleting its row where hash, kind, user and expiry
 * all match, in the transaction of its effect, so it works at most once even when two requests
 * race. Activepieces keeps codes 10 minutes; here a verification code lasts 24 hours (its email
 * may be read the next day) and a reset code 1 hour.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { OtpType } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { timestampOf } from '../../infrastructure/storage/timestamp';
import { deleteMatchingCode, deleteUserCodes, insertOneTimeCode } from './identity-repository';

/** How long a code of each kind stays valid (ms). */
export const OTP_LIFETIME_MS: Readonly<Record<OtpType, number>> = {
  EMAIL_VERIFICATION: 24 * 60 * 60 * 1000,
  PASSWORD_RESET: 60 * 60 * 1000,
};

/** The lifetimes in words, for the emails. */
export const OTP_LIFETIME_TEXT: Readonly<Record<OtpType, string>> = {
  EMAIL_VERIFICATION: '24 hours',
  PASSWORD_RESET: '1 hour',
};

function hashCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

/**
 * Makes a new code of `type` for `userId` in `trx` (replacing the user's older code of that kind)
 * and answers it in clear, for the email; only its hash is stored.
 */
export async function issueOneTimeCode(
  trx: Kysely<Database>,
  userId: string,
  type: OtpType,
  now: string,
): Promise<string> {
  const code = randomUUID();
  const expiresAt = timestampOf(Date.parse(now) + OTP_LIFETIME_MS[type]);
  await deleteUserCodes(trx, userId, type);
  await insertOneTimeCode(trx, { userId, type, codeHash: hashCode(code), expiresAt, created: now });
  return code;
}

/**
 * Uses up `code` of `type` for `userId` in `trx`: true when it was the user's current code of
 * that kind and had not expired at `now` (the row is deleted, so it never works again); false
 * otherwise, with nothing changed.
 */
export async function consumeOneTimeCode(
  trx: Kysely<Database>,
  userId: string,
  type: OtpType,
  code: string,
  now: string,
): Promise<boolean> {
  const deleted = await deleteMatchingCode(trx, userId, type, hashCode(code), now);
  return deleted !== undefined;
}
