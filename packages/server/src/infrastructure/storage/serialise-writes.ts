/**
 * Locks for write transactions that read rows and then write what they decided from them, so
 * that two processes on one PostgreSQL database never decide from the same rows. No-ops on
 * SQLite, where write transactions already run one at a time.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './sql-dialect';

/**
 * Makes the rest of write transaction `trx` run alone among the transactions that call this with
 * the same `name` (in every process on the database), until it commits or rolls back. Call it
 * first in a write that reads rows and then writes what it decided from them (claiming jobs), so
 * that two processes never decide from the same rows. On PostgreSQL it takes
 * `pg_advisory_xact_lock` on the name's hash; on SQLite it does nothing, since `BEGIN IMMEDIATE`
 * already runs every write transaction alone.
 */
export async function serialiseWrites<DB>(trx: Kysely<DB>, name: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}

/**
 * Locks row `id` of `table` for the rest of write transaction `trx`: another transaction that
 * locks or changes it waits until this one ends. Call it before reading a row that the
 * transaction rewrites from what it read (a flow edit: load, apply, save), so that concurrent
 * edits apply one after the other instead of the last one overwriting the others. On PostgreSQL
 * it is `select ... for update`; on SQLite it does nothing (write transactions run one at a time).
 */
export async function lockRowForWrite<DB>(trx: Kysely<DB>, table: string, id: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select 1 from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}
