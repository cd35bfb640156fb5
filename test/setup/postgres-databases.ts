/**
 * Global setup of the `postgres` test project: names this run's test databases with a prefix of
 * its own (`PIECEWORK_TEST_DB_PREFIX`, inherited by the test processes) and, after the run, drops
 * every database still carrying it (those of restarted test servers, or of a test that failed
 * before closing its store).
 */
import { randomBytes } from 'node:crypto';
import { dropTestPostgresDatabases } from '../../packages/server/src/testing/test-postgres';

const prefix = `pw_${randomBytes(3).toString('hex')}_`;

/** Sets this run's database prefix, before any test process starts. */
export function setup(): void {
  process.env['PIECEWORK_TEST_DB_PREFIX'] = prefix;
}

/** Drops the databases this run left behind. */
export function teardown(): Promise<void> {
  return dropTestPostgresDatabases(prefix);
}
