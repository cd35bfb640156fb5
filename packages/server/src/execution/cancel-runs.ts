/**
 * Cancel of runs, whatever their state: a QUEUED or PAUSED run becomes CANCELED in one
 * transaction (its waiting job and waitpoints deleted); a RUNNING run executing in this process
 * is stopped (its engine thread ended, so code that never yields stops too) and its end written
 * CANCELED with the steps it finished, as any other end; a PAUSED run whose agent runs (an agent
 * step) has its agent stopped, which ends the run CANCELED; a run that already ended is left as it is.
 * A canceled sub-flow run called with "wait for response" fails its waiting caller.
 */
import { FlowRunStatus } from '@piecework/shared';
import type { EventEmitter } from 'eventemitter3';
import type { ServerBase } from '../server-context';
import { flowRunFromRow } from './run-rows';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';
import type { RunRuntimeEvents } from './run-runtime';
import { cancelWaitingRuns } from './lifecycle/cancel-waiting-runs';
import type { RunQueue } from './run-queue';
import { publishRunEnd } from './signals/run-signal-routes';
import type { RunSignals } from './signals/run-signals';

/** How long a cancel waits for stopped runs to have their end written, in ms. */
const STOPPED_END_WAIT_MS = 5_000;

/** What stops the executions of a process (runs, agents). */
export interface RunStopper {
  /** Stops run `runId` of `projectId` if it (or its agent) executes here; false otherwise. */
  cancel(projectId: string, runId: string): boolean;
}

/** What a cancel works with. */
export interface CancelDeps {
  base: ServerBase;
  executor: RunStopper;
  events: EventEmitter<RunRuntimeEvents>;
  /** Where a canceled sub-flow run queues the resume that fails its waiting caller. */
  queue: RunQueue;
  /** Where the ends of canceled runs are announced, and stops sent to other processes. */
  signals: RunSignals;
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
  const { base, executor, events, queue, signals } = deps;
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
  // A canceled sub-flow run fails its waiting caller, as any other end but SUCCEEDED does.
  const canceled = await base.store.write((trx) =>
    cancelWaitingRuns(trx, queue, projectId, named, base.now()),
  );
  for (const row of canceled) publishRunEnd(signals, flowRunFromRow(row));
  // A run claimed between the first look and the transaction executes by now: stop it too.
  stopExecuting();
  // Runs executing in other processes (app and workers) are stopped by theirs.
  const elsewhere = await runningElsewhere(base, projectId, named, stopped);
  if (elsewhere.length > 0) {
    for (const runId of elsewhere) ends.push(endOf(events, runId).promise);
    signals.publish({ type: 'cancel', projectId, runIds: elsewhere });
  }
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
 * Those of `runIds` (runs of `projectId`) that are RUNNING, or still PAUSED after the cancel (their
 * agent runs), and not among `stoppedHere`.
 */
async function runningElsewhere(
  base: ServerBase,
  projectId: string,
  runIds: readonly string[],
  stoppedHere: ReadonlySet<string>,
): Promise<string[]> {
  const rows = await base.store.db
    .selectFrom('flowRun')
    .select('id')
    .where('projectId', '=', projectId)
    .where('id', 'in', runIds)
    .where('status', 'in', [FlowRunStatus.enum.RUNNING, FlowRunStatus.enum.PAUSED])
    .execute();
  return rows.map((row) => row.id).filter((id) => !stoppedHere.has(id));
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
