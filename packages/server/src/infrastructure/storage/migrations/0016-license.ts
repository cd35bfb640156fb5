/**
 * License keys: the platform's activated key (`platform.licenseKey`, null when none). The key is
 * kept as it was given and verified again whenever the plan is read, so a key past its
 * `expiresAt` (or one the configured public key no longer verifies) puts the platform back on the
 * free plan without any job.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('platform').addColumn('licenseKey', 'text').execute();
}

/** The platform's license key. */
export const license: Migration = { up };
