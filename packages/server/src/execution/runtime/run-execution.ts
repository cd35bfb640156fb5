/**
 * The execution stage of the run machinery: the executor of runs on the engine threads, the
 * executor of agent steps beside it, and the dispatcher that claims jobs and hands each to one.
 */
import type { WorkerRunner } from '@piecework/engine/worker';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { ServerBase } from '../../server-context';
import { AgentExecutor } from '../agents/agent-executor';
import { openNoToolbox } from '../agents/agent-toolbox';
import type { RunStopper } from '../cancel-runs';
import { JobDispatcher } from '../job-dispatcher';
import { requeueRuns } from '../lifecycle/requeue-runs';
import { startClaimedRuns, type StartedJob } from '../lifecycle/start-runs';
import { RunExecutor } from '../run-executor';
import { RunFlowVersions } from '../run-flow-versions';
import type { OnRunsClaimed, RunQueue } from '../run-queue';
import { signallingListener } from '../signals/run-signal-routes';
import type { RunSignals } from '../signals/run-signals';
import type { RunRuntimeOptions } from '../create-run-runtime';
import type { RunPieces } from './run-pieces';

/** What the executions are built on: the earlier stages' parts. */
export interface RunExecutionParts {
  readonly queue: RunQueue;
  readonly runner: WorkerRunner;
  readonly pieces: RunPieces;
  readonly signals: RunSignals;
  /** This process's id in the queue's claims. */
  readonly workerId: string;
  readonly leaseMs: number;
}

/** The executions of a runtime (see {@link createRunExecution}). */
export interface RunExecution {
  readonly executor: RunExecutor;
  readonly agents: AgentExecutor;
  /** Cancels stop a run's execution, or the agent its PAUSED run waits for. */
  readonly stopper: RunStopper;
  readonly dispatcher: JobDispatcher<Kysely<Database>, StartedJob>;
  /** Marks the runs whose jobs went back to the queue QUEUED again. */
  markQueued(runIds: string[]): Promise<void>;
  /** How many runs (not agent jobs) this process has started executing. */
  executedCount(): number;
  /** Tells the executions that stopping cuts them short (their runs go back to the queue). */
  cutShort(): void;
}

/** Builds the executors and the dispatcher of a runtime; nothing is claimed before the dispatcher starts. */
export function createRunExecution(
  base: ServerBase,
  options: RunRuntimeOptions,
  parts: RunExecutionParts,
): RunExecution {
  const { config } = base.settings;
  const { queue, runner, signals, workerId, leaseMs } = parts;
  let cuttingShort = false;
  let executed = 0;
  const executor = new RunExecutor({
    base,
    queue,
    runner,
    pieces: parts.pieces.pieces,
    code: parts.pieces.code,
    versions: new RunFlowVersions(base.store),
    listener: signallingListener(signals),
    stopping: () => cuttingShort,
    stepWriteDelayMs: options.stepWriteDelayMs ?? 20,
    maxAttempts: options.maxAttempts ?? 5,
    mayDeferEnd: (): boolean => dispatcher.hasSpareSlot(),
    endWrite: options.runEndWrite,
  });
  const agents = new AgentExecutor({
    base,
    queue,
    pieces: parts.pieces.pieces,
    toolbox: options.agentToolbox ?? openNoToolbox,
    signals,
    notify: () => dispatcher.notify(),
    maxAttempts: options.maxAttempts ?? 5,
  });
  // Cancels stop a run's execution, or the agent its PAUSED run waits for.
  const stopper = {
    cancel: (projectId: string, runId: string) =>
      executor.cancel(projectId, runId) || agents.cancel(projectId, runId),
  };
  const markQueued = async (runIds: string[]) => {
    if (runIds.length === 0) return;
    await base.store.write((trx) => requeueRuns(trx, runIds, base.now()));
  };
  const startRuns: OnRunsClaimed<StartedJob> = (trx, jobs) => startClaimedRuns(trx, queue, jobs, base.now());
  const dispatcher = new JobDispatcher<Kysely<Database>, StartedJob>({
    queue,
    workerId,
    concurrency: config.workerConcurrency,
    timings: { leaseMs, pollMs: options.pollMs ?? 500, sweepMs: options.sweepMs ?? 5_000 },
    logger: base.logger,
    start: startRuns,
    execute: (started) => {
      // An AGENT job runs the agent of a PAUSED run, beside the engine, holding its slot.
      if (started.job.kind === 'AGENT') return agents.execute(started);
      executed += 1;
      return executor.execute(started);
    },
    requeued: markQueued,
  });
  return {
    executor,
    agents,
    stopper,
    dispatcher,
    markQueued,
    executedCount: () => executed,
    cutShort: () => {
      cuttingShort = true;
    },
  };
}
