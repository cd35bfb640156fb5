/**
 * Cancel of runs, whatever their state: a QUEUED or PAUSED run becomes CANCELED in one
 * transaction (its waiting job and waitpoints deleted); a RUNNING run executing in this process
 * is stopped (its engine thread ended, so code that never yields stops too) and its end written
 * CANCELED with the steps it finished, as any other end; a run that already ended is left as it is.
 * A canceled sub-flow run called with "wait for response" fails its waiting caller.
 */
import type { FlowRunStatus } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { EventEmitter } from 'eventemitter3';
import type { ServerBase } from '../server-context';
import type { Database } from '../storage/database';
import type { JobQueue } from './job-queue';
import type { RunExecutor } from './run-executor';
import { flowRunFromRow, type FlowRunRow } from './run-rows';
import type { RunRuntimeEvents } from './run-runtime';
import { failParentOf } from './subflow-parent';

/** Statuses in which a run is canceled without stopping an execution. */
const WAITING_STATUSES: readonly FlowRunStatus[] = ['QUEUED', 'PAUSED'];

/** How long a cancel waits for stopped runs to have their end written, in ms. */
const STOPPED_END_WAIT_MS = 5_000;

/** What a cancel works with. */
export interface CancelDeps {
  base: ServerBase;
  executor: RunExecutor;
  events: EventEmitter<RunRuntimeEvents>;
  /** Where a canceled sub-flow run queues the resume that fails its waiting caller. */
  queue: JobQueue;
}

/**
 * Cancels the runs `runIds` of `projectId` (see the module comment) and answers each of them that
 * exists in the project, as it is once the cancel is done: CANCELED, or the status it had already
 * ended with. Ids of other projects and unknown ids are left out.
 */
export async function cancelRuns(
  deps: CancelDeps,
  projectId: string,
  runIds: readonly string[],
): Promise<FlowRunRow[]> {
  const { base, executor, events, queue } = deps;
  const named = [...new Set(runIds)];
  if (named.length === 0) return [];
  const stopped = new Set<string>();
  const ends: Promise<void>[] = [];
  const stopExecuting = (): void => {
    for (const runId of named) {
      if (stopped.has(runId)) continue;
      const end = endOf(events, runId);
      if (executor.cancel(projectId, runId)) {
        stopped.add(runId);
        ends.push(end.promise);
      } else end.forget();
    }
  };
  stopExecuting();
  const canceled = await base.store.write(async (trx) => {
    const now = base.now();
    const rows = await cancelWaitingRuns(trx, projectId, named, now);
    // A canceled sub-flow run fails its waiting caller, as any other end but SUCCEEDED does.
    for (const row of rows) await failParentOf(trx, queue, row, now);
    return rows;
  });
  for (const row of canceled) events.emit('run.finished', flowRunFromRow(row));
  // A run claimed between the first look and the transaction executes by now: stop it too.
  stopExecuting();
  await Promise.race([Promise.all(ends), delay(STOPPED_END_WAIT_MS)]);
  return base.store.db
    .selectFrom('flowRun')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('id', 'in', named)
    .orderBy('created', 'desc')
    .execute();
}

/**
 * Cancels those of `runIds` that are runs of `projectId`, QUEUED or PAUSED, and not claimed by a
 * worker (no RUNNING job): they become CANCELED (finished now), and their waiting jobs (a queued
 * start, a delay) and waitpoints are deleted, all in `trx`. Answers the canceled rows.
 */
async function cancelWaitingRuns(
  trx: Kysely<Database>,
  projectId: string,
  runIds: readonly string[],
  now: string,
): Promise<FlowRunRow[]> {
  const candidates = await trx
    .selectFrom('flowRun')
    .select('id')
    .where('projectId', '=', projectId)
    .where('id', 'in', runIds)
    .where('status', 'in', WAITING_STATUSES)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('job')
            .select('job.id')
            .whereRef('job.runId', '=', 'flowRun.id')
            .where('job.status', '=', 'RUNNING'),
        ),
      ),
    )
    .execute();
  const ids = candidates.map((row) => row.id);
  if (ids.length === 0) return [];
  await trx
    .updateTable('flowRun')
    .set({ status: 'CANCELED', finishTime: now, pause: null, updated: now })
    .where('id', 'in', ids)
    .execute();
  await trx.deleteFrom('job').where('runId', 'in', ids).execute();
  await trx.deleteFrom('waitpoint').where('runId', 'in', ids).execute();
  return trx.selectFrom('flowRun').selectAll().where('id', 'in', ids).execute();
}

/** Resolves when run `runId`'s end is written (`run.finished`); `forget` stops listening. */
function endOf(events: EventEmitter<RunRuntimeEvents>, runId: string) {
  let listener: ((run: { id: string }) => void) | undefined;
  const promise = new Promise<void>((resolve) => {
    listener = (run) => {
      if (run.id !== runId) return;
      events.off('run.finished', listener);
      resolve();
    };
    events.on('run.finished', listener);
  });
  return { promise, forget: () => events.off('run.finished', listener) };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
