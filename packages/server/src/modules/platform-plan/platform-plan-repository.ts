/**
 * The queries of the platform-plan module: the license key stored on a platform and the counts
 * the plan limits compare. Each takes the Kysely instance to run on: `store.db` for reads, or the
 * `trx` of a write transaction for reads and writes inside one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** The license key column of platform `platformId` (undefined for an unknown platform). */
export async function findPlatformLicenseKey(
  db: Kysely<Database>,
  platformId: string,
): Promise<{ licenseKey: string | null } | undefined> {
  return db.selectFrom('platform').select('licenseKey').where('id', '=', platformId).executeTakeFirst();
}

/** Stores `licenseKey` on platform `platformId`, replacing any earlier key. */
export async function setPlatformLicenseKey(
  trx: Kysely<Database>,
  platformId: string,
  licenseKey: string,
  updated: string,
): Promise<void> {
  await trx.updateTable('platform').set({ licenseKey, updated }).where('id', '=', platformId).execute();
}

/** How many projects platform `platformId` has. */
export async function countPlatformProjects(trx: Kysely<Database>, platformId: string): Promise<number> {
  const row = await trx
    .selectFrom('project')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('platformId', '=', platformId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many flows of the projects of platform `platformId` are ENABLED. */
export async function countEnabledPlatformFlows(trx: Kysely<Database>, platformId: string): Promise<number> {
  const row = await trx
    .selectFrom('flow')
    .innerJoin('project', 'project.id', 'flow.projectId')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('project.platformId', '=', platformId)
    .where('flow.status', '=', 'ENABLED')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
