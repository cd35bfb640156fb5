/**
 * The savepoint statements of `GroupCommit` over Kysely, compiled once. The SQL is standard:
 * SQLite and PostgreSQL both accept it.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './database';
import type { TransactionPrimitives } from './group-commit';

/** Named so as not to clash with savepoints a write callback opens itself. */
const SAVEPOINT = CompiledQuery.raw('savepoint group_commit_write');
const RELEASE = CompiledQuery.raw('release savepoint group_commit_write');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint group_commit_write');

/**
 * Savepoint operations for a `GroupCommit` whose transactions are Kysely connections; add a
 * `transaction` (e.g. `writeTransaction`) to get its {@link TransactionPrimitives}.
 */
export const kyselySavepoints: Omit<TransactionPrimitives<Kysely<Database>>, 'transaction'> = {
  async savepoint(trx) {
    await trx.executeQuery(SAVEPOINT);
  },
  async release(trx) {
    await trx.executeQuery(RELEASE);
  },
  async rollbackTo(trx) {
    // ROLLBACK TO keeps the savepoint open; RELEASE closes it, so savepoints never pile up.
    await trx.executeQuery(ROLLBACK_TO);
    await trx.executeQuery(RELEASE);
  },
};
