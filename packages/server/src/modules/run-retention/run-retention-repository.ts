/**
 * The queries of run retention: finding the oldest finished runs, and deleting runs with what is
 * keyed by their id. Deleting a `flowRun` row deletes its step records (`flowRunStep`), jobs,
 * waitpoints and agent runs through their `on delete cascade` foreign keys; the run's files
 * (`file.runId`, and the file its `logsFileId` names) are deleted here.
 */
import { sql, type Kysely } from 'kysely';
import { NON_TERMINAL_RUN_STATUSES } from '@piecework/shared';
import type { Database } from '../../infrastructure/storage/database';
import { isPostgres } from '../../infrastructure/storage/sql-dialect';

/** The ids of at most `limit` finished runs created before `cutoff`, oldest first. */
export async function findExpiredRunIds(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('flowRun')
    .select('id')
    .where('created', '<', cutoff)
    .where('status', 'not in', [...NON_TERMINAL_RUN_STATUSES])
    .orderBy('created')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes those of runs `ids` that are still finished (a run retried since it was found is kept),
 * with their step records, jobs, waitpoints and agent runs (cascades); answers the deleted runs'
 * ids and the files their `logsFileId` named.
 */
export async function deleteFinishedRuns(
  trx: Kysely<Database>,
  ids: readonly string[],
): Promise<{ id: string; logsFileId: string | null }[]> {
  if (ids.length === 0) return [];
  return trx
    .deleteFrom('flowRun')
    .where('id', 'in', [...ids])
    .where('status', 'not in', [...NON_TERMINAL_RUN_STATUSES])
    .returning(['id', 'logsFileId'])
    .execute();
}

/** Deletes the files stored for runs `runIds` and the files `fileIds`; answers how many went. */
export async function deleteRunFiles(
  trx: Kysely<Database>,
  runIds: readonly string[],
  fileIds: readonly string[],
): Promise<number> {
  if (runIds.length === 0 && fileIds.length === 0) return 0;
  const result = await trx
    .deleteFrom('file')
    .where((eb) =>
      eb.or([
        ...(runIds.length === 0 ? [] : [eb('runId', 'in', [...runIds])]),
        ...(fileIds.length === 0 ? [] : [eb('id', 'in', [...fileIds])]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Takes the retention sweep's lock for the rest of write transaction `trx` if no other
 * transaction holds it: on PostgreSQL `pg_try_advisory_xact_lock`, so one process of a scaled-out
 * installation sweeps at a time; on SQLite (one process per file, writes one at a time) always
 * true. Answers whether this transaction holds it.
 */
export async function tryRetentionLock(trx: Kysely<Database>): Promise<boolean> {
  if (!isPostgres(trx)) return true;
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_xact_lock(hashtext('piecework-run-retention')) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
