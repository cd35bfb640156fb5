import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

/**
 * Runs `fn` in a write transaction that starts with `BEGIN IMMEDIATE`, committing when it returns
 * and rolling back when it throws (the error is rethrown; nothing is half-written).
 *
 * Why not `db.transaction()`: Kysely's SQLite driver issues a plain (deferred) `BEGIN`, which takes
 * only a read lock until the first write. Two such transactions on two connections that both read
 * and then write deadlock on the upgrade: SQLite answers `SQLITE_BUSY` at once, without honouring
 * `busy_timeout`, because waiting could never succeed. `BEGIN IMMEDIATE` takes the write lock up
 * front, so a second writer waits (up to `busy_timeout`) and then proceeds: writers serialise.
 *
 * `fn` must run every query on the `trx` it is given; a query on the outer `db` waits for the
 * transaction to end and so never completes. On PostgreSQL this becomes `db.transaction()`.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (trx) => {
    await sql`begin immediate`.execute(trx);
    try {
      const result = await fn(trx);
      await sql`commit`.execute(trx);
      return result;
    } catch (error) {
      await rollbackQuietly(trx);
      throw error;
    }
  });
}

/** Rolls back, ignoring "no transaction is active" (SQLite may already have rolled back). */
async function rollbackQuietly(trx: Kysely<Database>): Promise<void> {
  try {
    await sql`rollback`.execute(trx);
  } catch {
    // The original error matters more than a failed rollback.
  }
}
