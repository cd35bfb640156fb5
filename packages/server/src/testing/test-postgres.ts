/**
 * Throwaway PostgreSQL databases for tests: one fresh database per store or test server, so test
 * files running in parallel never share rows. Created on the server `PIECEWORK_TEST_POSTGRES_URL`
 * names (default `postgres://postgres@127.0.0.1:5432/postgres`, trust authentication) with an
 * ICU `en-US` default collation, which does NOT sort text in byte order: the suite thereby checks
 * that the store keeps byte order itself (`storage/postgres-column-types.ts`).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PostgresSettings } from '../storage/postgres-pool';

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

/** Creates a fresh, empty database; drop it when the test is done. */
export async function createTestPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `${testDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  await runAsAdmin(
    `create database "${name}" template template0 encoding 'UTF8' locale_provider icu icu_locale 'en-US'`,
  );
  // Throwaway data: commits need not wait for the disk.
  await runAsAdmin(`alter database "${name}" set synchronous_commit = off`);
  const url = new URL(testPostgresAdminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => runAsAdmin(`drop database if exists "${name}" with (force)`),
  };
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

async function runAsAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresAdminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
