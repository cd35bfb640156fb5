/**
 * Sign-in hardening: the `rateLimit` table (the authentication routes' counters when the server
 * runs without Redis: one row per limited key, its count in the current window and when the window
 * ends; expired rows are purged as counters are written), and the platform's Google sign-in toggle
 * `googleAuthEnabled` (0 until a platform admin turns it on; Google sign-in also needs
 * AP_GOOGLE_CLIENT_ID and AP_GOOGLE_CLIENT_SECRET).
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
  await db.schema
    .alterTable('platform')
    .addColumn('googleAuthEnabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

/** The rate-limit counters and the platform's Google sign-in toggle. */
export const rateLimits: Migration = { up };
