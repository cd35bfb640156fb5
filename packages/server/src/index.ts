/**
 * `@piecework/server`: Piecework's REST server. So far, its storage foundation: a Kysely
 * database on an embedded SQLite file (WAL, foreign keys on), versioned migrations run at start,
 * and write transactions that take the write lock up front.
 *
 * @example
 * ```ts
 * import { migrateToLatest, openSqliteDatabase, writeTransaction } from '@piecework/server';
 * const db = openSqliteDatabase({ file: 'piecework.db' });
 * await migrateToLatest(db);
 * await writeTransaction(db, (trx) =>
 *   trx.insertInto('platform').values({ id, name: 'Acme', credits: null, created: now, updated: now }).execute(),
 * );
 * ```
 * @module
 */
export type {
  ApiKeyTable,
  AppConnectionTable,
  AuditEventTable,
  Database,
  FlowTable,
  FlowVersionTable,
  FolderTable,
  JsonText,
  PlatformTable,
  ProjectMemberTable,
  ProjectTable,
  SqlBoolean,
  Timestamp,
  UserTable,
} from './storage/database';
export { migrateToLatest } from './storage/migrate';
export { migrations, staticMigrationProvider } from './storage/migrations';
export { openSqliteDatabase } from './storage/open-sqlite';
export type { OpenSqliteOptions } from './storage/open-sqlite';
export { writeTransaction } from './storage/write-transaction';
