/**
 * Follow-up jobs of existing runs: a resume of a run paused on a webhook (its waitpoint is used
 * up in the same transaction, so a second resume finds nothing: ENTITY_NOT_FOUND), and a retry
 * of a failed run from its failed step (a QUOTA_EXCEEDED run simply runs then, taking a credit).
 */
import { FlowRunStatus, PieceworkError } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { notFound, ruleViolation } from '../../infrastructure/errors';
import type { ServerBase } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { toResumePayload, type ResumeJobPayload } from '../build-engine-request';
import { consumeCredit } from '../credits';
import type { RunQueue } from '../run-queue';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { FollowUpJob } from '../run-runtime';
import { endedRunOf, forgetRunEnd } from '../../modules/impact/record-run-impact';
import { EXECUTION_END_STATUSES, moveRun, RETRYABLE_STATUSES } from './run-moves';

/** Whether `status` is one an execution ends with (so the run's end counts in the Impact figures). */
function isExecutionEnd(status: string): boolean {
  return (EXECUTION_END_STATUSES as readonly string[]).includes(status);
}

/** What the run's `pause` column holds: the engine's pause metadata and where the step paused. */
export interface StoredPause {
  type: 'DELAY' | 'WEBHOOK';
  pausedPath?: string;
}

/**
 * Uses up waitpoint `waitpointId` of the PAUSED `run` and queues its RESUME job with
 * `resumePayload` (the run becomes QUEUED), in `trx`. False when the run has no such waitpoint;
 * throws VALIDATION when the run is not PAUSED. Use it for every resume of a paused run.
 */
export async function queueResume(
  trx: Kysely<Database>,
  queue: RunQueue,
  run: FlowRunRow,
  waitpointId: string,
  resumePayload: unknown,
  now: string,
): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('waitpoint')
    .where('id', '=', waitpointId)
    .where('runId', '=', run.id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  if (run.status !== FlowRunStatus.enum.PAUSED)
    throw ruleViolation(`Run ${run.id} is ${run.status}, not PAUSED`);
  // A pending delay of the same run is replaced by this resume.
  await queue.discardWaiting(trx, [run.id]);
  const payload: ResumeJobPayload = {
    resumePayload: toResumePayload(resumePayload),
    waitpointId,
    pausedPath: fromJson<StoredPause>(run.pause)?.pausedPath,
  };
  await queue.enqueue(trx, { runId: run.id, projectId: run.projectId, kind: 'RESUME', payload });
  await moveRun(trx, 'resume', run.id, FlowRunStatus.enum.QUEUED, { updated: now });
  return true;
}

/** Queues `job` for run `runId` and sets the run QUEUED, in one transaction. */
export async function enqueueFollowUp(
  base: ServerBase,
  queue: RunQueue,
  runId: string,
  job: FollowUpJob,
): Promise<void> {
  await base.store.write(async (trx) => {
    const run: FlowRunRow | undefined = await trx
      .selectFrom('flowRun')
      .selectAll()
      .where('id', '=', runId)
      .executeTakeFirst();
    if (run === undefined) throw notFound('FlowRun', runId);
    const now = base.now();
    if (job.kind === 'RESUME') {
      if (!(await queueResume(trx, queue, run, job.waitpointId, job.resumePayload, now))) {
        throw notFound('Waitpoint', job.waitpointId);
      }
      return;
    }
    const retryable: readonly FlowRunStatus[] = RETRYABLE_STATUSES;
    if (!retryable.includes(run.status as FlowRunStatus)) {
      throw ruleViolation(
        `Run ${runId} is ${run.status}; only a failed run can be retried from its failed step`,
      );
    }
    if (
      run.status === FlowRunStatus.enum.QUOTA_EXCEEDED &&
      run.environment === 'PRODUCTION' &&
      !(await consumeCredit(trx, run.platformId))
    ) {
      throw new PieceworkError('QUOTA_EXCEEDED', { message: 'The platform has no run credits left' });
    }
    await queue.enqueue(trx, { runId, projectId: run.projectId, kind: 'RETRY_FROM_FAILED_STEP' });
    // A run that ended by executing counts in the Impact figures; it counts again when it ends again.
    if (isExecutionEnd(run.status) && run.finishTime !== null) await forgetRunEnd(trx, endedRunOf(run));
    await moveRun(trx, 'retry', runId, FlowRunStatus.enum.QUEUED, {
      finishTime: null,
      failedStep: null,
      internalError: null,
      response: null,
      pause: null,
      updated: now,
    });
  });
}
