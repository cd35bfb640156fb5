/**
 * The SQL of stuck runs: runs in a waiting status since before a cutoff, with the limits that
 * apply to them, read by the partial index `flow_run_waiting_idx`; the watchdog's once-per-run mark;
 * the reason recorded on runs ended by hand.
 */
import type { StuckRunStatus } from '@piecework/shared';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** A run waiting since `updated`, with its flow's overrides and its platform's defaults. */
export interface WaitingRunRow {
  id: string;
  projectId: string;
  platformId: string;
  flowId: string;
  flowDisplayName: string;
  environment: string;
  status: string;
  created: string;
  updated: string;
  stuckReportedAt: string | null;
  flowQueuedMinutes: number | null;
  flowRunningMinutes: number | null;
  flowPausedMinutes: number | null;
  platformQueuedMinutes: number;
  platformRunningMinutes: number;
  platformPausedMinutes: number;
}

/** Which waiting runs {@link findWaitingRuns} reads. */
export interface WaitingRunsQuery {
  status: StuckRunStatus;
  /** Only runs in `status` since strictly before this instant (ISO). */
  before: string;
  /** Only runs of this project; all projects when absent. */
  projectId?: string | undefined;
  /** Only runs the watchdog has not alerted about yet. */
  unreportedOnly?: boolean;
  /** Only runs after this one in (`updated`, `id`) order: the next page of a sweep. */
  after?: { updated: string; id: string } | undefined;
  limit: number;
}

/** Runs in a waiting status since before a cutoff, oldest first, with their limits. */
export async function findWaitingRuns(
  db: Kysely<Database>,
  query: WaitingRunsQuery,
): Promise<WaitingRunRow[]> {
  return waitingRunsQuery(db, query).execute();
}

/** The query of {@link findWaitingRuns}, not yet executed (a test reads its plan). */
export function waitingRunsQuery(db: Kysely<Database>, query: WaitingRunsQuery) {
  let select = db
    .selectFrom('flowRun')
    .innerJoin('platform', 'platform.id', 'flowRun.platformId')
    .leftJoin('flow', 'flow.id', 'flowRun.flowId')
    .select([
      'flowRun.id',
      'flowRun.projectId',
      'flowRun.platformId',
      'flowRun.flowId',
      'flowRun.flowDisplayName',
      'flowRun.environment',
      'flowRun.status',
      'flowRun.created',
      'flowRun.updated',
      'flowRun.stuckReportedAt',
      'flow.stuckQueuedMinutes as flowQueuedMinutes',
      'flow.stuckRunningMinutes as flowRunningMinutes',
      'flow.stuckPausedMinutes as flowPausedMinutes',
      'platform.stuckQueuedMinutes as platformQueuedMinutes',
      'platform.stuckRunningMinutes as platformRunningMinutes',
      'platform.stuckPausedMinutes as platformPausedMinutes',
    ])
    // The partial index's own condition, spelled as it is, so that SQLite's planner picks it.
    .where(sql<boolean>`"flowRun"."status" in ('QUEUED', 'RUNNING', 'PAUSED')`)
    .where('flowRun.status', '=', query.status)
    .where('flowRun.updated', '<', query.before);
  if (query.projectId !== undefined) select = select.where('flowRun.projectId', '=', query.projectId);
  if (query.unreportedOnly === true) select = select.where('flowRun.stuckReportedAt', 'is', null);
  const after = query.after;
  if (after !== undefined) {
    select = select.where((eb) =>
      eb.or([
        eb('flowRun.updated', '>', after.updated),
        eb.and([eb('flowRun.updated', '=', after.updated), eb('flowRun.id', '>', after.id)]),
      ]),
    );
  }
  return select.orderBy('flowRun.updated').orderBy('flowRun.id').limit(query.limit);
}

/**
 * Marks run `runId` as alerted about at `now`, if no process did and it is still in `status`
 * since `since`; answers whether this call marked it (only that caller alerts).
 */
export async function markStuckReported(
  trx: Kysely<Database>,
  run: { id: string; status: string; since: string },
  now: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('flowRun')
    .set({ stuckReportedAt: now })
    .where('id', '=', run.id)
    .where('status', '=', run.status)
    .where('updated', '=', run.since)
    .where('stuckReportedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records `reason` on those of `runIds` (runs of `projectId`) that ended CANCELED at or after
 * `endedSince`, and answers their ids: the runs a hand-made end just ended.
 */
export async function recordEndReason(
  trx: Kysely<Database>,
  projectId: string,
  runIds: readonly string[],
  endedSince: string,
  reason: string,
): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows = await trx
    .updateTable('flowRun')
    .set({ endReason: reason })
    .where('projectId', '=', projectId)
    .where('id', 'in', runIds)
    .where('status', '=', 'CANCELED')
    .where('finishTime', '>=', endedSince)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The rows of runs `runIds` of `projectId`. */
export async function findRunRows(db: Kysely<Database>, projectId: string, runIds: readonly string[]) {
  if (runIds.length === 0) return [];
  return db
    .selectFrom('flowRun')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', 'in', runIds)
    .orderBy('created', 'desc')
    .execute();
}
