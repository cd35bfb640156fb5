/**
 * A new run: its row and its job in one transaction (a run is acknowledged exactly when both are
 * committed), consuming a platform credit for PRODUCTION runs. Without credits the run is
 * recorded QUOTA_EXCEEDED, finished, with its trigger payload kept for a later retry, and no job.
 * When the process has a free slot and nothing else waits, the job is claimed in the same
 * transaction (the run starts RUNNING): no second transaction, no wake-up delay.
 */
import { generateId } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { ServerBase } from '../server-context';
import type { Database } from '../storage/database';
import { toJson } from '../storage/json-column';
import { consumeCredit } from './credits';
import type { JobQueue, OnClaimed } from './job-queue';
import type { FlowRunRow } from './run-rows';
import type { NewRun } from './run-runtime';

/** How a new run's job may be claimed at once by this process (it has a free slot). */
export interface ClaimAtOnce<T> {
  workerId: string;
  /** Marks the claimed run RUNNING (see `startClaimedRuns`). */
  start: OnClaimed<T>;
}

/**
 * Inserts the run (and its job when credits allow) and answers its row and whether it is
 * queued; with `claim`, the job is also claimed in the same transaction when nothing else waits
 * (`started`).
 */
export async function insertRun<T>(
  base: ServerBase,
  queue: JobQueue,
  run: NewRun,
  claim?: ClaimAtOnce<T>,
): Promise<{ row: FlowRunRow; queued: boolean; started?: T | undefined }> {
  return base.store.write(async (trx: Kysely<Database>) => {
    const queued = run.environment === 'TESTING' || (await consumeCredit(trx, run.platformId));
    const now = base.now();
    const row: FlowRunRow = {
      id: generateId(),
      projectId: run.projectId,
      platformId: run.platformId,
      flowId: run.flowId,
      flowVersionId: run.flowVersionId,
      flowDisplayName: run.flowDisplayName,
      environment: run.environment,
      status: queued ? 'QUEUED' : 'QUOTA_EXCEEDED',
      triggeredBy: run.triggeredBy ?? null,
      parentRunId: null,
      failParentOnFailure: 0,
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
      created: now,
      updated: now,
    };
    await trx.insertInto('flowRun').values(row).execute();
    if (!queued) return { row, queued };
    const jobId = await queue.enqueue(trx, {
      runId: row.id,
      projectId: row.projectId,
      kind: run.stepNameToTest === undefined ? 'EXECUTE' : 'TEST_STEP',
    });
    const claimed = claim ? await queue.claimEnqueued(trx, jobId, claim.workerId) : null;
    const [started] = claim && claimed ? await claim.start(trx, [claimed]) : [];
    return { row, queued, started };
  });
}
