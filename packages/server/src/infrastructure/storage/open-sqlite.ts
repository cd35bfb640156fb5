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
  /**
   * Hold the file for this connection alone (`locking_mode = EXCLUSIVE`), from the first read
   * until it closes: no other connection or process can read or write it meanwhile. SQLite then
   * keeps the WAL index in the process's memory and takes no file lock per transaction, which
   * makes every statement outside a transaction several microseconds cheaper (a lock and unlock
   * per read otherwise) and commits cheaper. For the one process that owns a database file (the
   * server's store); tools that read the file while the server runs must open it without this.
   * Default false.
   */
  exclusive?: boolean;
}

/**
 * Opens (or creates) a SQLite database file and wraps it in Kysely.
 *
 * Pragmas: `journal_mode = WAL` (readers never block the writer, nor the writer readers),
 * `synchronous = NORMAL` (durable at each WAL checkpoint; safe with WAL), `foreign_keys = ON`
 * (off by default in SQLite), a busy timeout (wait for a lock instead of failing at once), and
 * `wal_autocheckpoint = 10000` pages with `journal_size_limit = 64 MB`: a checkpoint (two
 * fsyncs, every changed page copied into the database file) every ~40 MB of WAL instead of every
 * 4 MB — a page rewritten by many runs is copied once — with the WAL file cut back afterwards.
 * `auto_vacuum = INCREMENTAL`: pages freed by deletions (the retention sweep) can be given back
 * to the file system with `PRAGMA incremental_vacuum`; a new file gets it at once, an existing
 * file only once it is rewritten by `VACUUM` (see `convertToIncrementalVacuum`).
 *
 * One Kysely instance holds one connection and runs its queries one at a time; share it within a
 * process. Write through a store's `write` (`groupCommitWrites`) or {@link writeTransaction},
 * never `db.transaction()`.
 */
export function openSqliteDatabase(options: OpenSqliteOptions): Kysely<Database> {
  const { file, busyTimeoutMs = 5000, log, exclusive = false } = options;
  const connection = new SqliteDatabase(file, { timeout: busyTimeoutMs });
  try {
    // Before the journal mode: in WAL mode, EXCLUSIVE must be set before the first access.
    if (exclusive) connection.pragma('locking_mode = EXCLUSIVE');
    // Before the first table: it decides the layout of a new file.
    connection.pragma('auto_vacuum = INCREMENTAL');
    connection.pragma('journal_mode = WAL');
    connection.pragma('synchronous = NORMAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('wal_autocheckpoint = 10000');
    connection.pragma(`journal_size_limit = ${String(64 * 1024 * 1024)}`);
    // Takes the write lock now, and so keeps it (EXCLUSIVE locking mode never gives it back).
    if (exclusive) connection.exec('begin immediate; commit');
  } catch (error) {
    connection.close();
    throw (error as { code?: unknown }).code === 'SQLITE_BUSY' ? fileInUse(file, error) : error;
  }
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(connection) }),
    ...(log === undefined ? {} : { log }),
  });
  connections.set(db, connection);
  return db;
}

/** The connection under each Kysely instance {@link openSqliteDatabase} made. */
const connections = new WeakMap<object, SqliteDatabase.Database>();

/**
 * Runs `text` to its end on the connection under `db` (a Kysely instance from
 * {@link openSqliteDatabase}), with `exec`: for the statements Kysely steps only once, such as
 * `pragma incremental_vacuum(N)`, which frees one page per step. Inside a store's `write`, it runs
 * in that write's transaction. Throws when `db` is not such an instance.
 */
export function execOnSqliteConnection(db: object, text: string): void {
  const connection = connections.get(db);
  if (connection === undefined) throw new Error('Not a database opened by openSqliteDatabase');
  connection.exec(text);
}

/** The error of opening a file another process holds (exclusively, or while it writes). */
function fileInUse(file: string, cause: unknown): Error {
  return new Error(
    `The database file ${file} is in use by another process (is a Piecework server already running on this data directory?)`,
    { cause },
  );
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
