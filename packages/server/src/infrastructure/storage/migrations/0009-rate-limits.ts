/**
 * Sign-in hardening: the `rateLimit` table (the authentication routes' counters when the server
 * runs without Redis: one row per limited key, its count in the current window and when the window
 * ends; expired rows are purged as counters are written). The platform's Google sign-in toggle
 * comes with the other sign-in rules in 0010.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rateLimit')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_expires_idx').on('rateLimit').column('expiresAt').execute();
}

/** The rate-limit counters. */
export const rateLimits: Migration = { up };
