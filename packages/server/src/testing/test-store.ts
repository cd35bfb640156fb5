/**
 * The database engine tests run on, chosen by `PIECEWORK_TEST_DB`: `SQLITE` (the default),
 * `POSTGRES`, or `CLUSTER` (PostgreSQL, and each test server an app + 2 workers on Redis, see
 * `in-process-cluster.ts`). `npm test` runs the server's data-layer and integration tests on
 * SQLite and PostgreSQL, and its run tests on a cluster too.
 */
import type { DatabaseType } from '@piecework/shared';
import { openSqliteStore, type DataStore } from '../infrastructure/storage/data-store';
import { openPostgresStore } from '../infrastructure/storage/open-postgres';
import { tempDatabaseDir } from '../infrastructure/storage/test-database';
import { createTestPostgresDatabase, testPostgresSettings } from './test-postgres';

/** The engine of this test run: `PIECEWORK_TEST_DB` (POSTGRES for CLUSTER), else SQLITE. */
export function testDatabaseType(): DatabaseType {
  const chosen = process.env['PIECEWORK_TEST_DB'];
  return chosen === 'POSTGRES' || chosen === 'CLUSTER' ? 'POSTGRES' : 'SQLITE';
}

/**
 * Whether this run's test servers are scale-out clusters (`PIECEWORK_TEST_DB=CLUSTER`): an APP
 * server and two WORKER servers. Skip with it what only holds in one process.
 */
export function testsRunOnCluster(): boolean {
  return process.env['PIECEWORK_TEST_DB'] === 'CLUSTER';
}

/** A database of its own for one test server: the `AP_*` variables naming it, and its removal. */
export interface TestServerDatabase {
  /** `AP_DB_TYPE` and `AP_POSTGRES_URL` on PostgreSQL; nothing on SQLite (the data dir's file). */
  readonly env: Record<string, string>;
  /** Drops the PostgreSQL database (the SQLite file goes with the data directory). */
  drop(): Promise<void>;
}

/** A fresh database for a test server on the engine of this run (see {@link testDatabaseType}). */
export async function createTestServerDatabase(): Promise<TestServerDatabase> {
  if (testDatabaseType() === 'SQLITE') return { env: {}, drop: () => Promise.resolve() };
  const database = await createTestPostgresDatabase();
  return { env: { AP_DB_TYPE: 'POSTGRES', AP_POSTGRES_URL: database.url }, drop: database.drop };
}

/**
 * A fresh, migrated, empty store on the engine of this run, for data-layer tests: a SQLite file in
 * a temporary directory or a new PostgreSQL database (a pool of `postgresPoolSize` connections,
 * default 10). Its `close` also removes the file or drops the database.
 */
export async function openTestStore(options: { postgresPoolSize?: number } = {}): Promise<DataStore> {
  if (testDatabaseType() === 'SQLITE') {
    const dir = tempDatabaseDir();
    const store = await openSqliteStore(dir.file());
    return { ...store, close: () => store.close().finally(dir.remove) };
  }
  const database = await createTestPostgresDatabase();
  const store = await openPostgresStore(testPostgresSettings(database.url, options.postgresPoolSize));
  return { ...store, close: () => store.close().finally(database.drop) };
}
