/**
 * The search indexer's queries: the backlog of runs whose search document is missing or stale,
 * their step records, and writing their documents.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { writeRunSearchDocuments } from '../../infrastructure/storage/run-search-sql';

/** A run of the indexer's backlog, with what its document is made of. */
export interface RunToIndex {
  id: string;
  updated: string;
  triggerPayload: string | null;
  failedStep: string | null;
  internalError: string | null;
  /** The `updated` of the run when it was last indexed; null when it never was. */
  searchIndexedAt: string | null;
}

/**
 * Up to `limit` runs that ended and are not indexed as they are now (`searchIndexedAt` null or
 * before `updated`), oldest change first. The condition is the partial index's, word for word.
 */
export async function findRunsToIndex(db: Kysely<Database>, limit: number): Promise<RunToIndex[]> {
  return db
    .selectFrom('flowRun')
    .select(['id', 'updated', 'triggerPayload', 'failedStep', 'internalError', 'searchIndexedAt'])
    .where('finishTime', 'is not', null)
    .where((eb) => eb.or([eb('searchIndexedAt', 'is', null), eb('searchIndexedAt', '<', eb.ref('updated'))]))
    .orderBy('updated', 'asc')
    .limit(limit)
    .execute();
}

/** The step records of runs `runIds`, by run id. */
export async function stepRecordsOf(
  db: Kysely<Database>,
  runIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byRun = new Map<string, string[]>();
  if (runIds.length === 0) return byRun;
  const rows = await db
    .selectFrom('flowRunStep')
    .select(['runId', 'record'])
    .where('runId', 'in', runIds)
    .orderBy('runId')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const records = byRun.get(row.runId) ?? [];
    records.push(row.record);
    byRun.set(row.runId, records);
  }
  return byRun;
}

/**
 * Writes the search documents of `documents` (each run with its text) in `trx` and marks them
 * indexed as of the `updated` they were read with; a run changed since stays in the backlog and is
 * indexed again. Answers how many were written.
 */
export async function storeRunSearchDocuments(
  trx: Kysely<Database>,
  documents: readonly { run: Pick<RunToIndex, 'id' | 'updated' | 'searchIndexedAt'>; text: string }[],
): Promise<number> {
  return writeRunSearchDocuments(
    trx,
    documents.map(({ run, text }) => ({
      runId: run.id,
      updated: run.updated,
      replacing: run.searchIndexedAt !== null,
      text,
    })),
  );
}
