/**
 * The PostgreSQL connection pool of a store, from the `AP_POSTGRES_*` configuration.
 */
import type { PieceworkConfig } from '@piecework/shared';
import pg from 'pg';

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
 * A pool over {@link postgresPoolConfig}. A connection the server drops while idle (a restart of
 * PostgreSQL) is removed from the pool instead of crashing the process; the next query opens a
 * new one, so service resumes by itself once the database answers again.
 */
export function createPostgresPool(settings: PostgresSettings): pg.Pool {
  const pool = new pg.Pool(postgresPoolConfig(settings));
  pool.on('error', () => {
    // An idle client failed (its connection was cut); the pool has already discarded it.
  });
  return pool;
}
