/**
 * User sessions (`userSession`): one row per session token issued at sign-up, sign-in, federated
 * sign-in and managed authentication; the token carries the row's id as its `sid` claim. A session
 * is open while `endedAt` is null and `expiresAt` is in the future; `endReason` says why it ended
 * (SIGNED_OUT, REVOKED, ENDED_BY_ADMIN, DEPROVISIONED, PASSWORD_RESET). Rows go with their user.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('userSession')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('lastSeenAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('userAgent', 'text', (c) => c.notNull())
    .addColumn('endedAt', 'text')
    .addColumn('endReason', 'text')
    .execute();
  await db.schema
    .createIndex('user_session_user_idx')
    .on('userSession')
    .columns(['userId', 'created'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('userSession').execute();
}

/** Migration 0030: user sessions. */
export const userSessions: Migration = { up, down };
