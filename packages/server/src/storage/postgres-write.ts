/**
 * How the PostgreSQL store writes: each `write` is one READ COMMITTED transaction, retried when
 * PostgreSQL aborts it to break a deadlock or a serialization conflict.
 */
import type { Kysely } from 'kysely';
import type { Database } from './database';

/** SQLSTATEs of a transaction PostgreSQL aborted that succeeds when simply run again. */
const RETRYABLE = new Set(['40001', '40P01']);

/** Attempts of one write before its conflict error is thrown. */
const MAX_ATTEMPTS = 5;

/**
 * Runs `fn` in a READ COMMITTED transaction on `db`, committed when it returns and rolled back
 * when it throws. A serialization failure (40001) or deadlock (40P01) rolls back and runs `fn`
 * again (up to 5 attempts, after a short random pause): `fn` must have no effect outside `trx`,
 * as the `DataStore.write` contract already says. Writes that read before they write must lock
 * or update atomically (`where credits > 0`, an advisory lock; see `serialiseWrites`), since
 * READ COMMITTED lets concurrent transactions see each other's commits between statements.
 */
export async function postgresWrite<T>(
  db: Kysely<Database>,
  fn: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().setIsolationLevel('read committed').execute(fn);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlStateOf(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

function sqlStateOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}
