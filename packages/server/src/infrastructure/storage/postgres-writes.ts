/**
 * How the PostgreSQL store writes: the SQLite store's group commit (see `group-commit.ts`) over
 * READ COMMITTED transactions, a call that PostgreSQL aborted to break a deadlock or a
 * serialization conflict running again.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { GroupCommit, storeWritesOf, type StoreWrites } from './group-commit';
import { kyselySavepoints } from './savepoints';

/** SQLSTATEs of a statement PostgreSQL aborted that succeeds when simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * The PostgreSQL store's `write`. Within one process, writes run as they do on SQLite: one
 * transaction at a time, shared by the calls that waited for it, in the order they were made
 * (without savepoints, which cost two round trips per call here, unless a call of the batch
 * throws: then the batch runs again with one per call, see `isolateCalls`), so a write sees every write its process made before it (a request
 * that follows a run's end finds the run's job slot free) and one COMMIT serves many calls.
 * Processes write in parallel: a write that reads rows and then writes what it decided from them
 * must lock (`serialise-writes.ts`) or update atomically (`where credits > 0`), since READ
 * COMMITTED lets another process commit between its statements. A call failing with a deadlock
 * (40P01) or serialization failure (40001) runs again in a later transaction (up to 5 times).
 *
 * Make one per Kysely instance.
 */
export function postgresWrites(db: Kysely<Database>): StoreWrites<Kysely<Database>> {
  const group = new GroupCommit<Kysely<Database>>(
    {
      transaction: (body) => db.transaction().setIsolationLevel('read committed').execute(body),
      ...kyselySavepoints,
      isRetryable: (error) => RETRYABLE.has(sqlStateOf(error)),
    },
    { isolateCalls: 'after-failure' },
  );
  return storeWritesOf(group);
}

function sqlStateOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}
