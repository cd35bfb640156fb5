/**
 * Run credits of a platform (`platform.credits`; null is unlimited). Consumed inside the write
 * transaction that queues the run, so concurrent runs never overspend: the decrement only
 * applies while credits are left (`where credits > 0`), an atomic update on SQLite and on
 * PostgreSQL alike, whatever other processes write meanwhile.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../infrastructure/storage/database';
import { platformCredits } from './run-statements';

/**
 * Takes one credit of platform `platformId` in `trx`; false when it has none left. A platform
 * with unlimited credits (null) always answers true and is not written.
 */
export async function consumeCredit(trx: Kysely<Database>, platformId: string): Promise<boolean> {
  const [platform] = (await platformCredits.run(trx, { id: platformId })).rows;
  if (platform === undefined) throw new Error(`Platform ${platformId} does not exist`);
  if (platform.credits === null) return true;
  const result = await trx
    .updateTable('platform')
    .set((eb) => ({ credits: eb('credits', '-', 1) }))
    .where('id', '=', platformId)
    .where('credits', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
