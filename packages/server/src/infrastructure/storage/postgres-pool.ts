/**
 * The PostgreSQL connection pool of a store, from the `AP_POSTGRES_*` configuration.
 */
import type { PieceworkConfig } from '@piecework/shared';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { classifyDatabaseError } from './database-unavailable';
import { isStalePreparedStatement, StatementNames } from './postgres-statement-names';

/** The `AP_POSTGRES_*` settings a pool is made from. */
export type PostgresSettings = Pick<
  PieceworkConfig,
  | 'postgresUrl'
  | 'postgresHost'
  | 'postgresPort'
  | 'postgresDatabase'
  | 'postgresUsername'
  | 'postgresPassword'
  | 'postgresUseSsl'
  | 'postgresPoolSize'
>;

/** How long to wait for a new connection before the query fails (the database counts as down). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * `count(*)` (int8) and `sum()` (numeric) as numbers, as SQLite returns them: counts and sums of
 * this schema stay far below 2^53. Every other type is parsed as `pg` does by default.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? (text: string) => Number(text)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * The pool's options: AP_POSTGRES_URL when set, else host, port, database, user and password;
 * TLS when AP_POSTGRES_USE_SSL; at most AP_POSTGRES_POOL_SIZE connections. Use it for
 * {@link createPostgresPool}, or for a pool of your own on the same database (tests, tools).
 */
export function postgresPoolConfig(settings: PostgresSettings): pg.PoolConfig {
  const target =
    settings.postgresUrl === undefined
      ? {
          host: settings.postgresHost,
          port: settings.postgresPort,
          database: settings.postgresDatabase,
          user: settings.postgresUsername,
          password: settings.postgresPassword,
        }
      : { connectionString: settings.postgresUrl };
  return {
    ...target,
    ...(settings.postgresUseSsl ? { ssl: true } : {}),
    max: settings.postgresPoolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types,
  };
}

/**
 * A pool over {@link postgresPoolConfig}, as Kysely's `PostgresDialect` takes it. A connection the
 * server drops while idle (a restart of PostgreSQL) is removed from the pool instead of crashing
 * the process, and the next query opens a new one, so service resumes by itself once the
 * database answers again. Meanwhile a failed connect or a cut connection throws a
 * `DatabaseUnavailableError` (see `database-unavailable.ts`).
 */
export function createPostgresPool(settings: PostgresSettings): PostgresPool {
  const pool = new pg.Pool(postgresPoolConfig(settings));
  const names = new StatementNames();
  pool.on('error', () => {
    // An idle client failed (its connection was cut); the pool has already discarded it.
  });
  pool.on('connect', (client) => {
    // A client in use whose connection is cut: its next query fails (classified below), and the
    // pool discards it when released. Without a listener the event would crash the process.
    client.on('error', () => undefined);
  });
  return {
    async connect() {
      const client = await pool.connect().catch((error: unknown) => {
        throw classifyDatabaseError(error);
      });
      return classifiedClient(client, names);
    },
    end: () => pool.end(),
  };
}

/**
 * `client` running data statements named (see `postgres-statement-names.ts`), its query errors
 * classified (a cut connection becomes `DatabaseUnavailableError`).
 */
function classifiedClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  const query = async (text: string, parameters: readonly unknown[]) => {
    const values = [...parameters];
    const name = names.nameOf(text);
    try {
      return await (name === undefined ? client.query(text, values) : client.query({ name, text, values }));
    } catch (error) {
      if (name === undefined || !isStalePreparedStatement(error)) throw classifyDatabaseError(error);
      names.forget(text);
      return client.query(text, values).catch((again: unknown) => {
        throw classifyDatabaseError(again);
      });
    }
  };
  // Kysely streams with the cursor form only when given a cursor class; the store gives none.
  return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
}
