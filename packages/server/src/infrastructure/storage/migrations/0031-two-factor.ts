/**
 * Two-factor authentication: `userTwoFactor` (one row per user: the TOTP secret sealed with the
 * server's SecretBox, whether it is enabled, and the last time step accepted, so a code is never
 * accepted twice), `twoFactorRecoveryCode` (the single-use recovery codes, as SHA-256 hashes),
 * `rememberedDevice` (browsers that skip the second step for 30 days, by token hash), and the
 * platform's `twoFactorRequired` policy (off for existing platforms).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform')
    .addColumn('twoFactorRequired', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('userTwoFactor')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('sealedSecret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabledAt', 'text')
    .addColumn('lastUsedStep', 'integer')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('twoFactorRecoveryCode')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('two_factor_recovery_code_user_hash_idx')
    .on('twoFactorRecoveryCode')
    .columns(['userId', 'codeHash'])
    .execute();
  await db.schema
    .createTable('rememberedDevice')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('userAgent', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('lastUsed', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('remembered_device_user_idx')
    .on('rememberedDevice')
    .columns(['userId'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rememberedDevice').execute();
  await db.schema.dropTable('twoFactorRecoveryCode').execute();
  await db.schema.dropTable('userTwoFactor').execute();
  await db.schema.alterTable('platform').dropColumn('twoFactorRequired').execute();
}

/** Migration 0031: two-factor authentication. */
export const twoFactor: Migration = { up, down };
