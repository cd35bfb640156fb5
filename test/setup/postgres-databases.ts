/**
 * Global setup of the projects on PostgreSQL: names this run's test databases with a prefix of
 * its own (`PIECEWORK_TEST_DB_PREFIX`, inherited by the test processes), makes their migrated
 * template (`PIECEWORK_TEST_PG_TEMPLATE`: each test database is a copy of it) and, after the run,
 * drops every database still carrying the prefix (the template, those of restarted test servers,
 * or of a test that failed before closing its store). Several projects of one run share this
 * setup: the first one to start makes the prefix and template, the others find them.
 */
import { randomBytes } from 'node:crypto';
import { dropTestPostgresDatabases } from '../../packages/server/src/testing/test-postgres';
import { createTestPostgresTemplate } from '../../packages/server/src/testing/test-postgres-template';

/** Sets this run's database prefix and makes the template, before any test process starts. */
export async function setup(): Promise<void> {
  if (process.env['PIECEWORK_TEST_PG_TEMPLATE'] !== undefined) return;
  const prefix = `pw_${randomBytes(3).toString('hex')}_`;
  process.env['PIECEWORK_TEST_DB_PREFIX'] = prefix;
  const template = `${prefix}template`;
  await createTestPostgresTemplate(template);
  process.env['PIECEWORK_TEST_PG_TEMPLATE'] = template;
}

/** Drops the databases this run left behind (a second project's teardown finds none). */
export async function teardown(): Promise<void> {
  const prefix = process.env['PIECEWORK_TEST_DB_PREFIX'];
  if (prefix !== undefined) await dropTestPostgresDatabases(prefix);
}
