/**
 * The PostgreSQL store (AP_DB_TYPE=POSTGRES): the same schema, migrations and queries as the
 * SQLite store, over a connection pool, for an app and N workers sharing one database.
 */
import { Kysely, PostgresDialect } from 'kysely';
import { postgresColumnTypes } from './postgres-column-types';
import type { DataStore } from './data-store';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { createPostgresPool, type PostgresSettings } from './postgres-pool';
import { postgresWrites } from './postgres-writes';

/**
 * Connects to the PostgreSQL database `settings` name (see `postgresPoolConfig`) and migrates it
 * to the latest schema (Kysely's migration lock makes concurrent starts of several processes
 * safe). Text columns are byte-ordered whatever the database's collation (see
 * `postgres-column-types.ts`). `write` is group commit over READ COMMITTED transactions, calls that hit
 * a deadlock or serialization failure running again (see `postgresWrites`); reads run in parallel
 * on the pool's other connections.
 *
 * @throws the driver's error when the database does not answer or refuses the login.
 */
export async function openPostgresStore(settings: PostgresSettings): Promise<DataStore> {
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPostgresPool(settings) }) });
  try {
    await migrateToLatest(db.withPlugin(postgresColumnTypes));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    db,
    ...postgresWrites(db),
    close: () => db.destroy(),
  };
}
