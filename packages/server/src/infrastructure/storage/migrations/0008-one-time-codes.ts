/**
 * Emailed one-time codes and what goes with them:
 * - `user.verified` (0/1): whether the user confirmed their email address; existing users count as
 *   verified (they signed up when sign-up needed no email);
 * - `user.tokenVersion`: part of every session token; a password reset bumps it, which ends the
 *   user's existing sessions;
 * - `oneTimeCode`: the codes of email verification and password reset, hashed, one per user and
 *   kind (a newer one replaces the older), each with its expiry; a used code is deleted;
 * - `alert`: the alert receivers of a project (emailed when a production run fails).
 * (0007 is taken by another change of the same release.)
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('tokenVersion', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('oneTimeCode')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('codeHash', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('one_time_code_pk', ['userId', 'type'])
    .execute();

  await db.schema
    .createTable('alert')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('receiver', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_project_idx')
    .on('alert')
    .columns(['projectId', 'created', 'id'])
    .execute();
}

/** Users' verified flag and token version, emailed one-time codes, and projects' alert receivers. */
export const oneTimeCodes: Migration = { up };
