/**
 * How the SQLite store writes: each transaction starts with `BEGIN IMMEDIATE`, and concurrent
 * writes share transactions (group commit).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database';
import { GroupCommit, storeWritesOf, type GroupCommitOptions, type StoreWrites } from './group-commit';
import { kyselySavepoints } from './savepoints';

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * Runs `fn` in a write transaction of its own that starts with `BEGIN IMMEDIATE`, committing when
 * it returns and rolling back when it throws (the error is rethrown; nothing is half-written).
 * The SQLite store writes through `groupCommitWrites`, which shares these transactions
 * between concurrent calls; use this one directly only with a Kysely instance of your own.
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
    await trx.executeQuery(BEGIN_IMMEDIATE);
    try {
      const result = await fn(trx);
      await trx.executeQuery(COMMIT);
      return result;
    } catch (error) {
      await rollbackQuietly(trx);
      throw error;
    }
  });
}

/**
 * The SQLite store's `write`: runs each `fn` in a {@link writeTransaction}, shared with the other
 * calls that waited for the previous transaction to end (see {@link GroupCommit}): one COMMIT,
 * which costs more than a small write, serves them all. Each `fn` still commits or rolls back on
 * its own, and its promise resolves once its writes are committed. A `fn` may be invoked again if
 * another write in its batch broke the transaction; it must not have effects outside `trx`.
 *
 * Make one per Kysely instance: two on one instance stay correct but do not share transactions.
 */
export function groupCommitWrites(
  db: Kysely<Database>,
  options?: GroupCommitOptions,
): StoreWrites<Kysely<Database>> {
  const group = new GroupCommit<Kysely<Database>>(
    { transaction: (body) => writeTransaction(db, body), ...kyselySavepoints },
    options,
  );
  return storeWritesOf(group);
}

/** Rolls back, ignoring "no transaction is active" (SQLite may already have rolled back). */
async function rollbackQuietly(trx: Kysely<Database>): Promise<void> {
  try {
    await trx.executeQuery(ROLLBACK);
  } catch {
    // The original error matters more than a failed rollback.
  }
}
