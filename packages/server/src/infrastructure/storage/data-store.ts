/**
 * The data layer's one seam: every route and service reaches the database through a
 * {@link DataStore}, never through a driver. The SQLite store is below; the PostgreSQL store
 * (`open-postgres.ts`) provides the same three members over Kysely's PostgreSQL dialect.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { openSqliteDatabase } from './open-sqlite';
import { convertToIncrementalVacuum } from './sqlite-vacuum';
import type { WriteOptions } from './group-commit';
import { groupCommitWrites } from './write-transaction';

/** Reads go through `db`; every change goes through `write`. */
export interface DataStore {
  /** For reads (and for single-statement writes that need no transaction). */
  readonly db: Kysely<Database>;
  /**
   * Runs `fn` in one write transaction: everything it does commits together or not at all, and the
   * promise resolves once it is committed. Concurrent calls may share a transaction (each in its
   * own savepoint), so `fn` may be invoked again if another write in its batch broke the
   * transaction; it must not have effects outside `trx`. `options.deferMs` lets a write nobody
   * waits on wait that long for another write to share a commit with.
   */
  write<T>(fn: (trx: Kysely<Database>) => Promise<T>, options?: WriteOptions): Promise<T>;
  /**
   * Runs `callback` once the writes of the `write` call running now are committed (never if they
   * roll back). Call it inside a `write` fn, for an effect outside the database that must follow
   * the commit: the BullMQ queue tells Redis of the jobs a transaction added this way.
   */
  afterCommit(callback: () => void): void;
  /** Closes the connection; the store cannot be used afterwards. */
  close(): Promise<void>;
}

/**
 * Opens (creating if needed) the SQLite file and migrates it to the latest schema. The store owns
 * the file while it is open (see `exclusive` of `openSqliteDatabase`): one process per database
 * file; opening a file another process holds fails with an error that says so. A file made before
 * incremental auto-vacuum was the default is rewritten once to have it, when it is small enough
 * (`convertToIncrementalVacuum`).
 */
export async function openSqliteStore(file: string): Promise<DataStore> {
  const db = openSqliteDatabase({ file, exclusive: true });
  await migrateToLatest(db);
  await convertToIncrementalVacuum(db);
  return {
    db,
    ...groupCommitWrites(db),
    close: () => db.destroy(),
  };
}
