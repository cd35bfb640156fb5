/**
 * The calls of the run machinery (see {@link RunRuntime}): create, cancel, resume and read runs,
 * and await their answers.
 */
import type { ServerBase } from '../../server-context';
import { cancelRuns } from '../cancel-runs';
import { insertRun } from '../lifecycle/create-run';
import { enqueueFollowUp } from '../lifecycle/follow-up-jobs';
import type { RunQueue } from '../run-queue';
import { flowRunFromRow } from '../run-rows';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { RunRuntime } from '../run-runtime';
import { runWithSteps } from '../run-steps';
import { publishRunEnd } from '../signals/run-signal-routes';
import type { RunExecution } from './run-execution';
import type { RunSignalling } from './run-signalling';

/** The calls of a {@link RunRuntime}: every member but its events, `start` and `stop`. */
export type RunCalls = Pick<
  RunRuntime,
  'createRun' | 'cancel' | 'enqueue' | 'awaitResponse' | 'executedCount' | 'getRun'
>;

/** What the calls work with: the earlier stages' parts. */
export interface RunCallParts {
  readonly queue: RunQueue;
  readonly signalling: RunSignalling;
  readonly execution: RunExecution;
  /** This process's id in the queue's claims (a run created on a free slot is claimed at once). */
  readonly workerId: string;
}

/** The calls of a runtime over its queue, signals and executions. */
export function runCalls(base: ServerBase, parts: RunCallParts): RunCalls {
  const { queue, workerId } = parts;
  const { events, waiters, signals } = parts.signalling;
  const { dispatcher, stopper } = parts.execution;
  return {
    async createRun(newRun) {
      const reserved = dispatcher.tryReserve();
      let created: Awaited<ReturnType<typeof insertRun>>;
      try {
        created = await insertRun(base, queue, newRun, reserved ? workerId : undefined);
      } catch (error) {
        if (reserved) dispatcher.unreserve();
        throw error;
      }
      const { row, queued, started } = created;
      if (started) dispatcher.launchReserved(started);
      else if (reserved) dispatcher.unreserve();
      else if (queued) dispatcher.notify();
      const run = flowRunFromRow(row);
      if (!queued) publishRunEnd(signals, run);
      return { run, queued };
    },
    async cancel(projectId, runIds) {
      const rows = await cancelRuns({ base, executor: stopper, events, queue, signals }, projectId, runIds);
      dispatcher.notify();
      return rows.map((row) => flowRunFromRow(row));
    },
    async enqueue(runId, job) {
      await enqueueFollowUp(base, queue, runId, job);
      dispatcher.notify();
    },
    awaitResponse: (runId, timeoutMs, signal) => waiters.wait(runId, timeoutMs, signal),
    executedCount: () => parts.execution.executedCount(),
    async getRun(runId) {
      const row: FlowRunRow | undefined = await base.store.db
        .selectFrom('flowRun')
        .selectAll()
        .where('id', '=', runId)
        .executeTakeFirst();
      return row === undefined ? null : runWithSteps(base.store, row);
    },
  };
}
