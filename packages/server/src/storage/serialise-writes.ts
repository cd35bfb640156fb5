/**
 * Making a read-then-write transaction exclusive across processes, in either dialect.
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
