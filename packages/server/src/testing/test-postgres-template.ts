/**
 * The migrated template of a test run's PostgreSQL databases: made once by the suite's global
 * setup, so that each test database is a copy with the schema in place (tens of milliseconds)
 * instead of an empty database migrated on open. Nothing stays connected to it, which
 * `create database ... template` requires.
 */
import { openPostgresStore } from '../infrastructure/storage/open-postgres';
import {
  createEmptyTestPostgresDatabase,
  testPostgresDatabaseUrl,
  testPostgresSettings,
} from './test-postgres';

/**
 * Creates database `name` (ICU en-US, as every test database) migrated to the latest schema, and
 * closes every connection to it. Name it with the run's prefix so that teardown drops it too; set
 * `PIECEWORK_TEST_PG_TEMPLATE` to `name` for the test processes.
 */
export async function createTestPostgresTemplate(name: string): Promise<void> {
  await createEmptyTestPostgresDatabase(name);
  const store = await openPostgresStore(testPostgresSettings(testPostgresDatabaseUrl(name), 1));
  await store.close();
}
