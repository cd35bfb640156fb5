/**
 * A new run: its row and its job in one transaction (a run is acknowledged exactly when both are
 * committed), consuming a platform credit for PRODUCTION runs. Without credits the run is
 * recorded QUOTA_EXCEEDED, finished, with its trigger payload kept for a later retry, and no job.
 * When the process has a free slot and nothing else waits, the job is inserted claimed in the same
 * transaction (the run starts RUNNING): no second transaction, no wake-up delay.
 */
import { FlowRunStatus, generateTimeOrderedId } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { ServerBase } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import { consumeCredit } from '../credits';
import type { NewJob } from '../job-queue';
import type { RunQueue } from '../run-queue';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { NewRun } from '../run-runtime';
import { insertRunRow } from '../run-statements';
import { recordRunEvent, type RunProject, type StartedJob } from './start-runs';

/**
 * Inserts the run (and its job when credits allow) and answers its row and whether it is
 * queued; with `claimFor` (a worker id of this process, which has a free slot), the job is
 * inserted already claimed when the queue lets it (`started`: the run is RUNNING and its
 * flow.run.started event recorded, all in the same transaction).
 */
export async function insertRun(
  base: ServerBase,
  queue: RunQueue,
  run: NewRun,
  claimFor?: string,
): Promise<{ row: FlowRunRow; queued: boolean; started?: StartedJob | undefined }> {
  return base.store.write(async (trx: Kysely<Database>) => {
    const queued = run.environment === 'TESTING' || (await consumeCredit(trx, run.platformId));
    const now = base.now();
    const row = newRunRow(run, queued, now);
    if (!queued) {
      await insertRunRow.run(trx, row);
      return { row, queued };
    }
    const job: NewJob = {
      runId: row.id,
      projectId: row.projectId,
      kind: run.stepNameToTest === undefined ? 'EXECUTE' : 'TEST_STEP',
    };
    const claimed = claimFor !== undefined && (await queue.mayClaimNew(trx, row.projectId));
    const inserted: FlowRunRow = claimed
      ? { ...row, status: FlowRunStatus.enum.RUNNING, startTime: now }
      : row;
    await insertRunRow.run(trx, inserted);
    const id = await queue.enqueue(trx, job, claimed ? claimFor : undefined);
    if (!claimed) return { row, queued };
    const project = run.project ?? (await runProject(trx, row.projectId));
    await recordRunEvent(trx, 'flow.run.started', inserted, project, now);
    return {
      row: inserted,
      queued,
      started: { job: { ...job, id, payload: null, attempts: 1 }, run: inserted, project },
    };
  });
}

/** The row of a new run: QUEUED, or QUOTA_EXCEEDED (finished at once) without credits. */
function newRunRow(run: NewRun, queued: boolean, now: string): FlowRunRow {
  return {
    id: run.id ?? generateTimeOrderedId(),
    projectId: run.projectId,
    platformId: run.platformId,
    flowId: run.flowId,
    flowVersionId: run.flowVersionId,
    flowDisplayName: run.flowDisplayName,
    environment: run.environment,
    status: queued ? FlowRunStatus.enum.QUEUED : FlowRunStatus.enum.QUOTA_EXCEEDED,
    triggeredBy: run.triggeredBy ?? null,
    parentRunId: run.parentRunId ?? null,
    failParentOnFailure: run.parentRunId !== undefined && run.failParentOnFailure === true ? 1 : 0,
    tags: null,
    stepNameToTest: run.stepNameToTest ?? null,
    triggerPayload: toJson(run.triggerPayload ?? null),
    failedStep: null,
    pause: null,
    response: null,
    stepsCount: 0,
    logsFileId: null,
    internalError: null,
    startTime: null,
    finishTime: queued ? null : now,
    archivedAt: null,
    stuckReportedAt: null,
    endReason: null,
    searchIndexedAt: null,
    created: now,
    updated: now,
  };
}

/** The project of a run, as its events carry it. */
async function runProject(trx: Kysely<Database>, projectId: string): Promise<RunProject> {
  return trx
    .selectFrom('project')
    .select(['id', 'displayName', 'externalId'])
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
}
