/**
 * Throwaway PostgreSQL databases for tests: one fresh database per store or test server, so test
 * files running in parallel never share rows. Created on the server `PIECEWORK_TEST_POSTGRES_URL`
 * names (default `postgres://postgres@127.0.0.1:5432/postgres`, trust authentication) with an
 * ICU `en-US` default collation, which does NOT sort text in byte order: the suite thereby checks
 * that the store keeps byte order itself (`infrastructure/storage/postgres-column-types.ts`). In a vitest run the
 * global setup makes one migrated template (`PIECEWORK_TEST_PG_TEMPLATE`, see
 * `test-postgres-template.ts`) and every database is a copy of it; without one (benchmarks) a
 * database starts empty and the store migrates it on open.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PostgresSettings } from '../infrastructure/storage/postgres-pool';

/** The server test databases are created on, as the user who may create and drop them. */
export function testPostgresAdminUrl(): string {
  return process.env['PIECEWORK_TEST_POSTGRES_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * The prefix of this test run's database names: `PIECEWORK_TEST_DB_PREFIX` (set by the suite's
 * global setup, which drops every database left with it at the end), else `pw_`.
 */
export function testDatabasePrefix(): string {
  return process.env['PIECEWORK_TEST_DB_PREFIX'] ?? 'pw_';
}

/** A database made by {@link createTestPostgresDatabase}. */
export interface TestPostgresDatabase {
  /** Its connection URL (AP_POSTGRES_URL). */
  readonly url: string;
  /** Drops it, ending any connection still open to it. */
  drop(): Promise<void>;
}

/**
 * Creates a fresh database: a copy of the migrated template `PIECEWORK_TEST_PG_TEMPLATE` names
 * (the schema in place, no rows), else an empty one. Its commits do not wait for the disk
 * (`synchronous_commit = off`: throwaway data) unless `durable` (a benchmark measuring what a
 * server's durable commits cost). Drop it when the test is done.
 */
export async function createTestPostgresDatabase(
  options: { durable?: boolean } = {},
): Promise<TestPostgresDatabase> {
  const name = `${testDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  const template = process.env['PIECEWORK_TEST_PG_TEMPLATE'];
  // A copy does not inherit a database's settings: set it on every database.
  const settle = options.durable ? [] : [`alter database "${name}" set synchronous_commit = off`];
  if (template === undefined) await runAsAdmin(createEmptyStatement(name), ...settle);
  else await copyTemplate(template, name, settle);
  return {
    url: testPostgresDatabaseUrl(name),
    drop: () => runAsAdmin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * Creates the empty database `name` with the tests' ICU en-US collation (from `template0`). Use
 * {@link createTestPostgresDatabase} in tests; this is for making their template.
 */
export function createEmptyTestPostgresDatabase(name: string): Promise<void> {
  return runAsAdmin(createEmptyStatement(name));
}

function createEmptyStatement(name: string): string {
  return `create database "${name}" template template0 encoding 'UTF8' locale_provider icu icu_locale 'en-US'`;
}

/** The connection URL of test database `name`, on the server of {@link testPostgresAdminUrl}. */
export function testPostgresDatabaseUrl(name: string): string {
  const url = new URL(testPostgresAdminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** The store settings of the test database at `url`: no TLS, a pool of `poolSize` (default 10). */
export function testPostgresSettings(url: string, poolSize = 10): PostgresSettings {
  return { postgresUrl: url, postgresPort: 5432, postgresUseSsl: false, postgresPoolSize: poolSize };
}

/** Drops every database whose name starts with `prefix` (what a test run left behind). */
export async function dropTestPostgresDatabases(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresAdminUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await client.end();
  }
}

/** SQLSTATE 55006: the template still has a session (a backend that has not quite exited, say). */
const OBJECT_IN_USE = '55006';

/**
 * Copies `template` to `name`, then runs the statements `then` on the same connection. Nothing stays connected
 * to the template, but PostgreSQL refuses a copy while a session on it is still ending: try again
 * a few times, briefly.
 */
async function copyTemplate(template: string, name: string, then: readonly string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await runAsAdmin(`create database "${name}" template "${template}"`, ...then);
      return;
    } catch (error) {
      if (attempt >= 5 || (error as { code?: string }).code !== OBJECT_IN_USE) throw error;
      await new Promise((done) => setTimeout(done, 50 * attempt));
    }
  }
}

/** Runs `statements` one after the other on one connection of the admin user. */
async function runAsAdmin(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresAdminUrl() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
