/** SQL of two-factor authentication: the user's TOTP row, recovery codes and remembered devices. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  RememberedDeviceTable,
  TwoFactorRecoveryCodeTable,
  UserTwoFactorTable,
} from '../../infrastructure/storage/database';

/** A `userTwoFactor` row. */
export type UserTwoFactorRow = Selectable<UserTwoFactorTable>;

/** The two-factor row of `userId`, or undefined. */
export function findUserTwoFactor(
  db: Kysely<Database>,
  userId: string,
): Promise<UserTwoFactorRow | undefined> {
  return db.selectFrom('userTwoFactor').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** Stores a new, not yet enabled secret for `userId` (replacing a pending one). */
export async function upsertPendingTwoFactor(
  trx: Kysely<Database>,
  userId: string,
  sealedSecret: string,
  now: string,
): Promise<void> {
  await trx
    .insertInto('userTwoFactor')
    .values({
      userId,
      sealedSecret,
      enabled: 0,
      enabledAt: null,
      lastUsedStep: null,
      created: now,
      updated: now,
    })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ sealedSecret, enabled: 0, enabledAt: null, lastUsedStep: null, updated: now }),
    )
    .execute();
}

/**
 * Records `step` as the last accepted one of `userId`, only if it is after the stored one; false
 * when another request accepted that step (or a later one) first.
 */
export async function advanceLastUsedStep(
  trx: Kysely<Database>,
  userId: string,
  step: number,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('userTwoFactor')
    .set({ lastUsedStep: step, updated: now })
    .where('userId', '=', userId)
    .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the two-factor row of `userId` enabled. */
export async function markTwoFactorEnabled(
  trx: Kysely<Database>,
  userId: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('userTwoFactor')
    .set({ enabled: 1, enabledAt: now, updated: now })
    .where('userId', '=', userId)
    .execute();
}

/** Deletes the two-factor row, recovery codes and remembered devices of `userId`. */
export async function deleteTwoFactor(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('rememberedDevice').where('userId', '=', userId).execute();
  await trx.deleteFrom('twoFactorRecoveryCode').where('userId', '=', userId).execute();
  await trx.deleteFrom('userTwoFactor').where('userId', '=', userId).execute();
}

/** Replaces every recovery code of `userId` with `rows`. */
export async function replaceRecoveryCodes(
  trx: Kysely<Database>,
  userId: string,
  rows: Insertable<TwoFactorRecoveryCodeTable>[],
): Promise<void> {
  await trx.deleteFrom('twoFactorRecoveryCode').where('userId', '=', userId).execute();
  await trx.insertInto('twoFactorRecoveryCode').values(rows).execute();
}

/** Marks the unused recovery code of `userId` with `codeHash` used; false when there is none. */
export async function useRecoveryCode(
  trx: Kysely<Database>,
  userId: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('twoFactorRecoveryCode')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many unused recovery codes `userId` has. */
export async function countUnusedRecoveryCodes(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('twoFactorRecoveryCode')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many unexpired remembered devices `userId` has at `now`. */
export async function countRememberedDevices(
  db: Kysely<Database>,
  userId: string,
  now: string,
): Promise<number> {
  const row = await db
    .selectFrom('rememberedDevice')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a remembered device. */
export async function insertRememberedDevice(
  trx: Kysely<Database>,
  row: Insertable<RememberedDeviceTable>,
): Promise<void> {
  await trx.insertInto('rememberedDevice').values(row).execute();
}

/**
 * Marks the unexpired remembered device of `userId` with `tokenHash` used at `now`; false when
 * there is none (unknown, another user's, or expired).
 */
export async function touchRememberedDevice(
  trx: Kysely<Database>,
  userId: string,
  tokenHash: string,
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('rememberedDevice')
    .set({ lastUsed: now })
    .where('userId', '=', userId)
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether platform `platformId` requires a second factor of everyone signing in with a password. */
export async function platformRequiresTwoFactor(db: Kysely<Database>, platformId: string): Promise<boolean> {
  const row = await db
    .selectFrom('platform')
    .select('twoFactorRequired')
    .where('id', '=', platformId)
    .executeTakeFirst();
  return row?.twoFactorRequired === 1;
}

/** The user columns a second step reads: who, where, their token version and status. */
export function findChallengedUser(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'platformId', 'email', 'tokenVersion', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
