import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, type KyselyConfig } from 'kysely';
import type { Database } from './database';

/** Options of {@link openSqliteDatabase}. */
export interface OpenSqliteOptions {
  /** Path of the database file; created when missing. */
  file: string;
  /**
   * How long a connection waits for another connection's write lock before failing with
   * `SQLITE_BUSY`, in milliseconds. Default `5000`.
   */
  busyTimeoutMs?: number;
  /** Kysely's query log, e.g. to trace or count the statements run. Default none. */
  log?: KyselyConfig['log'];
}

/**
 * Opens (or creates) a SQLite database file and wraps it in Kysely.
 *
 * Pragmas: `journal_mode = WAL` (readers never block the writer, nor the writer readers),
 * `synchronous = NORMAL` (durable at each WAL checkpoint; safe with WAL), `foreign_keys = ON`
 * (off by default in SQLite), `busy_timeout` (wait for a lock instead of failing at once), and
 * `wal_autocheckpoint = 10000` pages with `journal_size_limit = 64 MB`: a checkpoint (two
 * fsyncs, every changed page copied into the database file) every ~40 MB of WAL instead of every
 * 4 MB — a page rewritten by many runs is copied once — with the WAL file cut back afterwards.
 *
 * One Kysely instance holds one connection and runs its queries one at a time; share it within a
 * process. Write through a store's `write` (`groupCommitWrites`) or {@link writeTransaction},
 * never `db.transaction()`.
 */
export function openSqliteDatabase(options: OpenSqliteOptions): Kysely<Database> {
  const { file, busyTimeoutMs = 5000, log } = options;
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma(`busy_timeout = ${String(busyTimeoutMs)}`);
  connection.pragma('wal_autocheckpoint = 10000');
  connection.pragma(`journal_size_limit = ${String(64 * 1024 * 1024)}`);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    ...(log === undefined ? {} : { log }),
  });
}

/** How many prepared statements a connection keeps (least recently prepared ones go first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely sees it, preparing each distinct SQL text once: Kysely asks for a new
 * prepared statement on every query, and preparing costs as much as running a small query.
 * Statements are run synchronously one at a time, so sharing one is safe.
 */
function withStatementCache(connection: SqliteDatabase.Database): {
  close(): void;
  prepare(sql: string): SqliteDatabase.Statement;
} {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = connection.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next();
          if (oldest.done !== true) statements.delete(oldest.value);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
