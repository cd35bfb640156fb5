/**
 * Giving a SQLite file's free pages back to the file system. Deleting rows only marks their pages
 * free inside the file; with `auto_vacuum = INCREMENTAL` (set by `openSqliteDatabase`),
 * `PRAGMA incremental_vacuum(N)` moves up to N free pages to the end of the file and truncates
 * it, one short write transaction per call. PostgreSQL reuses space on its own (autovacuum), so
 * these helpers do nothing there.
 */
import { sql, type Kysely } from 'kysely';
import type { DataStore } from './data-store';
import { execOnSqliteConnection } from './open-sqlite';
import { isPostgres } from './sql-dialect';

/** SQLite's `auto_vacuum` values: 0 NONE, 1 FULL, 2 INCREMENTAL. */
const INCREMENTAL = 2;

/**
 * Files at most this large are rewritten by `VACUUM` at start-up to turn incremental
 * auto-vacuum on (a rewrite copies the whole file: about a second per 100 MB on a laptop disk).
 */
export const CONVERT_AT_START_MAX_BYTES = 256 * 1024 * 1024;

/** True when `db` is SQLite with incremental auto-vacuum on (its free pages can be given back). */
export async function hasIncrementalVacuum<DB>(db: Kysely<DB>): Promise<boolean> {
  if (isPostgres(db)) return false;
  const { rows } = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db);
  return rows[0]?.auto_vacuum === INCREMENTAL;
}

/** How many pages of a SQLite file are free (0 on PostgreSQL). */
export async function freePageCount<DB>(db: Kysely<DB>): Promise<number> {
  if (isPostgres(db)) return 0;
  const { rows } = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db);
  return rows[0]?.freelist_count ?? 0;
}

/**
 * Gives up to `pages` free pages of the store's SQLite file back to the file system, in one short
 * write of the store; answers how many pages are still free. Call it in steps, between which other
 * writes run. Does nothing (answers 0) on PostgreSQL or without incremental auto-vacuum.
 */
export async function vacuumFreePages(
  store: Pick<DataStore, 'db' | 'write'>,
  pages: number,
): Promise<number> {
  if (!(await hasIncrementalVacuum(store.db))) return 0;
  const text = `pragma incremental_vacuum(${String(Math.max(1, Math.floor(pages)))})`;
  await store.write(() => Promise.resolve(execOnSqliteConnection(store.db, text)));
  return freePageCount(store.db);
}

/**
 * Turns incremental auto-vacuum on for a SQLite file made before it was the default: `VACUUM`
 * rewrites the file with the new setting. Done only when the file is at most `maxBytes` (a
 * larger file would hold up the start for long); answers whether the file now has it.
 */
export async function convertToIncrementalVacuum<DB>(
  db: Kysely<DB>,
  maxBytes = CONVERT_AT_START_MAX_BYTES,
): Promise<boolean> {
  if (isPostgres(db)) return false;
  if (await hasIncrementalVacuum(db)) return true;
  const { rows } = await sql<{ bytes: number }>`
    select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`.execute(db);
  if ((rows[0]?.bytes ?? 0) > maxBytes) return false;
  await sql`pragma auto_vacuum = incremental`.execute(db);
  await sql`vacuum`.execute(db);
  return hasIncrementalVacuum(db);
}

/**
 * Copies the SQLite write-ahead log into the database file and empties it
 * (`wal_checkpoint(TRUNCATE)`): pages given back by `incremental_vacuum` leave the file only
 * then (SQLite also does it on its own every `wal_autocheckpoint` pages). Nothing on PostgreSQL.
 */
export async function checkpointLog<DB>(db: Kysely<DB>): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}
