/**
 * The run API's own queries over the run tables (the run machinery owns the writes of running;
 * these are the reads of the API). Each takes the Kysely instance to run on.
 */
import type { Page } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { Database } from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import { whereRunsMatch, type RunSelection } from './run-selection-query';

/** The run `runId`, unscoped (public resume URLs). */
export async function findRun(db: Kysely<Database>, runId: string): Promise<FlowRunRow | undefined> {
  return db.selectFrom('flowRun').selectAll().where('id', '=', runId).executeTakeFirst();
}

/**
 * A page of the runs of `selection` (see {@link whereRunsMatch}), newest first. The run list asks
 * for one environment (PRODUCTION or TESTING).
 */
export async function listRuns(
  db: Kysely<Database>,
  selection: RunSelection,
  page: PageRequest,
): Promise<Page<FlowRunRow>> {
  return fetchSeekPage(
    await whereRunsMatch(db, db.selectFrom('flowRun').selectAll('flowRun'), selection),
    'flowRun',
    page,
  );
}

/**
 * Up to `limit` ids of the runs of `selection` after `afterId` (ids ascending): the batches a bulk
 * action walks a selection in, so that no selection is held in memory whole.
 */
export async function selectRunIdBatch(
  db: Kysely<Database>,
  selection: RunSelection,
  afterId: string | undefined,
  limit: number,
): Promise<string[]> {
  let query = await whereRunsMatch(db, db.selectFrom('flowRun').select('flowRun.id'), selection);
  if (afterId !== undefined) query = query.where('flowRun.id', '>', afterId);
  const rows = await query.orderBy('flowRun.id', 'asc').limit(limit).execute();
  return rows.map((row) => row.id);
}

/** Sets `archivedAt` of those of runs `runIds` of `projectId` not archived yet; answers how many. */
export async function archiveRuns(
  trx: Kysely<Database>,
  projectId: string,
  runIds: readonly string[],
  now: string,
): Promise<number> {
  if (runIds.length === 0) return 0;
  const result = await trx
    .updateTable('flowRun')
    .set({ archivedAt: now })
    .where('projectId', '=', projectId)
    .where('id', 'in', runIds)
    .where('archivedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** True when run `runId` waits on the WEBHOOK waitpoint `requestId`. */
export async function hasWebhookWaitpoint(
  db: Kysely<Database>,
  runId: string,
  requestId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('waitpoint')
    .select('id')
    .where('id', '=', requestId)
    .where('runId', '=', runId)
    .where('type', '=', 'WEBHOOK')
    .executeTakeFirst();
  return row !== undefined;
}

/** The version `versionId` with its flow's display facts, if it is a version of a flow of `projectId`. */
export async function findVersionInProject(db: Kysely<Database>, versionId: string, projectId: string) {
  return db
    .selectFrom('flowVersion')
    .innerJoin('flow', 'flow.id', 'flowVersion.flowId')
    .selectAll('flowVersion')
    .where('flowVersion.id', '=', versionId)
    .where('flow.projectId', '=', projectId)
    .executeTakeFirst();
}
