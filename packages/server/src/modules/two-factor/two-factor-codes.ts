/**
 * The checks and writes every two-factor operation shares, inside the caller's write transaction:
 * accepting a TOTP code of a user's secret (once per time step), accepting a recovery code (once),
 * issuing a new set of recovery codes, and starting an enrolment.
 */
import type { Kysely } from 'kysely';
import { generateId } from '@piecework/shared';
import type { Database } from '../../infrastructure/storage/database';
import { microsOf } from '../../infrastructure/storage/timestamp';
import type { ServerContext } from '../../server-context';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { acceptedTotpStep, newTotpSecret, otpauthUrl } from './totp';
import {
  advanceLastUsedStep,
  replaceRecoveryCodes,
  upsertPendingTwoFactor,
  useRecoveryCode,
  type UserTwoFactorRow,
} from './two-factor-repository';

/** What the two-factor operations use of the server context. */
export type TwoFactorDependencies = Pick<ServerContext, 'store' | 'secrets' | 'settings' | 'now'>;

/** The server clock's instant `now` in milliseconds. */
export function millisOf(now: string): number {
  return Math.floor(microsOf(now) / 1000);
}

/**
 * True when `code` is a TOTP code of `row`'s secret at `now` (one step either side) whose step is
 * after the last accepted one; that step is then recorded, so the code does not work again.
 */
export async function acceptTotpCode(
  deps: Pick<TwoFactorDependencies, 'secrets'>,
  trx: Kysely<Database>,
  row: UserTwoFactorRow,
  code: string,
  now: string,
): Promise<boolean> {
  const secret = deps.secrets.open<string>(row.sealedSecret);
  const step = acceptedTotpStep(secret, code, millisOf(now), row.lastUsedStep);
  return step !== null && (await advanceLastUsedStep(trx, row.userId, step, now));
}

/** True when `code` is an unused recovery code of `userId`, which is then used up. */
export function acceptRecoveryCode(
  trx: Kysely<Database>,
  userId: string,
  code: string,
  now: string,
): Promise<boolean> {
  return useRecoveryCode(trx, userId, hashRecoveryCode(code), now);
}

/** Replaces the recovery codes of `userId` with new ones, answered in the clear this once. */
export async function issueRecoveryCodes(
  trx: Kysely<Database>,
  userId: string,
  now: string,
): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    trx,
    userId,
    codes.map((code) => ({
      id: generateId(),
      userId,
      codeHash: hashRecoveryCode(code),
      usedAt: null,
      created: now,
    })),
  );
  return codes;
}

/** Stores a new pending secret for the user and answers it with its otpauth URL (label: the email). */
export async function startEnrolment(
  deps: Pick<TwoFactorDependencies, 'secrets'>,
  trx: Kysely<Database>,
  user: { id: string; email: string },
  now: string,
): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = newTotpSecret();
  await upsertPendingTwoFactor(trx, user.id, deps.secrets.seal(secret), now);
  return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
}
