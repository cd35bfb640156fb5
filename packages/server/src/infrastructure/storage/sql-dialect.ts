/**
 * Which SQL dialect a Kysely instance speaks, for the few statements whose text differs between
 * SQLite and PostgreSQL (JSON paths, locks). Everything else is written once, portably.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * True when `db` (a store's `db` or a transaction) talks to PostgreSQL, false for SQLite. Use it
 * only inside a helper of `storage/` that builds dialect-specific SQL, never in a route or service.
 */
export function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
