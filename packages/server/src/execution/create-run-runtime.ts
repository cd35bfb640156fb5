/**
 * Builds the run machinery of one server process (see {@link RunRuntime}): the durable queue in
 * the database, the claim loop, the engine's worker threads, the piece runner, and the events
 * and waiters of synchronous callers.
 */
import { randomBytes } from 'node:crypto';
import { hostname, availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { EngineOptions, PieceRunner } from '@piecework/engine';
import { WorkerRunner } from '@piecework/engine/worker';
import {
  BUILTIN_PIECES,
  NpmPieceHost,
  createPieceResolver,
  createPieceRunner,
  type NpmPieceRunner,
  type TablesHost,
  type ThreadPieceSettings,
} from '@piecework/pieces';
import { EventEmitter } from 'eventemitter3';
import type { Kysely } from 'kysely';
import { CodePackageCache } from '../infrastructure/code-steps/code-package-cache';
import { AgentExecutor } from './agents/agent-executor';
import { openNoToolbox, type OpenAgentToolbox } from './agents/agent-toolbox';
import type { ServerBase } from '../server-context';
import type { Database } from '../infrastructure/storage/database';
import { cancelRuns } from './cancel-runs';
import { insertRun } from './lifecycle/create-run';
import { takeEarlyEngineThread } from './early-engine-thread';
import { resolveEngineThreadScript } from './engine-thread-script';
import { enqueueFollowUp } from './lifecycle/follow-up-jobs';
import { requeueRuns } from './lifecycle/requeue-runs';
import { startClaimedRuns, type StartedJob } from './lifecycle/start-runs';
import { JobDispatcher } from './job-dispatcher';
import { HELD_ENGINE_THREAD_NICENESS } from './lower-thread-priority';
import { RunExecutor } from './run-executor';
import { RunFlowVersions } from './run-flow-versions';
import { flowRunFromRow } from './run-rows';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';
import type { RunRuntime, RunRuntimeEvents } from './run-runtime';
import { runWithSteps } from './run-steps';
import { ResponseWaiters } from './response-waiters';
import { publishRunEnd, routeRunSignals, signallingListener } from './signals/run-signal-routes';
import { LocalRunSignals, type RunSignals } from './signals/run-signals';
import type { WorkerAdmission } from './workers/worker-registry';
import type { OnRunsClaimed, RunQueue } from './run-queue';
import { SqlJobQueue } from './sql-job-queue';

/** Options of {@link createRunRuntime}; the rest comes from the server's `AP_*` configuration. */
export interface RunRuntimeOptions {
  /**
   * Engine worker threads kept running, and the most one project's runs use at once. Default:
   * AP_WORKER_CONCURRENCY, at most the number of cores. While every thread is held by a long run
   * (over `heldThreadMs`), one more starts for the runs of other projects, up to
   * AP_WORKER_CONCURRENCY threads in all.
   */
  workerThreads?: number;
  /** How long one run may keep an engine thread before it counts as held, in ms. Default 1000. */
  heldThreadMs?: number;
  /**
   * Start the engine's worker threads as soon as the runtime is made (they load the engine, the
   * built-in pieces and QuickJS, ~250 ms, while the server builds its routes and starts
   * listening), so that the first run does not wait for one; idle threads do not keep the
   * process alive. Test servers that run no flows turn it off. Default true.
   */
  prestart?: boolean;
  /** Heap cap of each worker thread in MB; a run exhausting it ends MEMORY_LIMIT_EXCEEDED. Default 256. */
  maxHeapMb?: number;
  /** Engine options on top of the configuration's (e.g. shorter retry delays in tests). Default none. */
  engine?: Partial<EngineOptions>;
  /** Lease of a claimed job in ms, extended while it runs. Default 30 000. */
  leaseMs?: number;
  /** Poll for delayed jobs and jobs of other processes, in ms. Default 500. */
  pollMs?: number;
  /** Sweep for jobs whose worker vanished, in ms. Default 5 000. */
  sweepMs?: number;
  /** How long `stop()` waits for running jobs before cutting them short (they run again at the next start), in ms. Default 10 000. */
  stopGraceMs?: number;
  /**
   * How long records of CODE, LOOP and ROUTER steps may wait to be written together with others,
   * in ms (PIECE records are written at once: they may follow an effect outside the run). A crash
   * loses at most this much of such records; their steps run again on recovery. Default 20.
   */
  stepWriteDelayMs?: number;
  /**
   * Claims of one job (first run, then each take-up after a crash or a vanished worker) after
   * which its run ends INTERNAL_ERROR instead of running again. Default 5.
   */
  maxAttempts?: number;
  /**
   * The piece runner, called on the main thread for every piece step (tests inject one). Default:
   * built-in pieces run in the engine's worker threads (`engine-thread`), npm pieces of
   * `<AP_CONFIG_PATH>/pieces` in piece processes managed by the main thread.
   */
  pieces?: PieceRunner;
  /** The job queue (BullMQ in scale-out). Default: the table queue of the server's database. */
  queue?: RunQueue;
  /** How runs' answers, ends and stops travel between processes. Default: within this process only. */
  signals?: RunSignals;
  /**
   * Whether this process executes runs (AP_CONTAINER_TYPE WORKER or WORKER_AND_APP). An APP
   * process only creates, queues, cancels and awaits them. Default true.
   */
  executes?: boolean;
  /**
   * Whether `start()` takes up every job left RUNNING by another worker: right only when this
   * process is the sole worker of its database (SQLite). Otherwise only expired leases are taken
   * up. Default true.
   */
  takeOverOnStart?: boolean;
  /** When this process may take jobs (scale-out: same release as the app). Default: always. */
  admission?: WorkerAdmission;
  /** The tables the built-in tables piece works on (main thread). Default: none (its steps fail). */
  tables?: TablesHost;
  /**
   * Opens the tools of agent steps. Default: no tools (a step naming tools fails with a clear
   * message); the server passes the real toolbox.
   */
  agentToolbox?: OpenAgentToolbox;
}

/** The run machinery over the server's base context. No job runs before `start()` (threads may start loading). */
export function createRunRuntime(base: ServerBase, options: RunRuntimeOptions = {}): RunRuntime {
  const { config, publicUrl } = base.settings;
  const leaseMs = options.leaseMs ?? 30_000;
  const executes = options.executes ?? true;
  const events = new EventEmitter<RunRuntimeEvents>();
  const waiters = new ResponseWaiters();
  const signals = options.signals ?? new LocalRunSignals();
  const queue =
    options.queue ??
    new SqlJobQueue(base.store, {
      defaultConcurrentJobsLimit: config.defaultConcurrentJobsLimit,
      leaseMs,
      timestamp: base.now,
    });
  const workerId = `${hostname()}:${String(process.pid)}:${randomBytes(6).toString('hex')}`;
  const urls = { apiUrl: `${publicUrl}api/`, publicUrl: `${publicUrl}api/` };
  const piecesDir = base.settings.piecesDir;
  // Built-in pieces run in the worker threads, unless a custom runner takes every piece call.
  const threadSettings: ThreadPieceSettings = {
    piecesDir,
    urls,
    ssrfAllowList: config.ssrfAllowList,
    maxFileSizeMb: config.maxFileSizeMb,
  };
  const threads =
    options.workerThreads ?? Math.max(1, Math.min(config.workerConcurrency, availableParallelism()));
  // The engine thread the command started early serves a process that executes runs with the
  // built-in thread pieces; any other process (an APP) stops it instead of keeping it loaded.
  const early = takeEarlyEngineThread();
  const adopt = executes && options.pieces === undefined ? early : undefined;
  if (early !== undefined && adopt === undefined) void early.terminate();
  const runner = new WorkerRunner({
    ...(options.pieces === undefined
      ? { workerScript: resolveEngineThreadScript(), threadSettings, adopt }
      : {}),
    size: threads,
    // A project's long runs (a runaway code step, slow calls) never hold every thread while other
    // projects wait: they run on at most `threads` threads, at the lowest priority once held, and
    // the pool grows past them for the others.
    maxThreads: Math.max(threads, config.workerConcurrency),
    heldAfterMs: options.heldThreadMs ?? 1000,
    heldNiceness: HELD_ENGINE_THREAD_NICENESS,
    maxHeapMb: options.maxHeapMb ?? 256,
    options: {
      flowTimeoutSeconds: config.flowTimeoutSeconds,
      maxLogSizeMb: config.maxFlowRunLogSizeMb,
      sliceThresholdKb: config.flowRunLogSliceThresholdKb,
      inputTruncateThresholdKb: config.flowRunLogInputTruncateThresholdKb,
      ...options.engine,
    },
  });
  const npm =
    options.pieces === undefined
      ? new NpmPieceHost({
          resolvePiece: createPieceResolver({ piecesDir, searchNodeModules: false }),
          // A piece stuck retrying fails its step while a /sync caller still waits for the answer.
          callDeadline: (run) => waiters.answerDeadline(run.id),
          log: {
            log: (level, message, fields) => base.logger[level]({ ...fields, source: 'piece' }, message),
          },
        })
      : undefined;
  const pieces =
    options.pieces ??
    createPieceRunner({
      builtins: BUILTIN_PIECES,
      ...(npm ? { npm: installingOnDemand(npm, base.pieces) } : {}),
      services: {
        urls,
        ssrfAllowList: config.ssrfAllowList,
        maxFileSizeMb: config.maxFileSizeMb,
        ...(options.tables === undefined ? {} : { tables: options.tables }),
      },
    });

  let cuttingShort = false;
  const code = new CodePackageCache({
    dir: join(base.settings.dataDir, 'code-packages'),
    log: {
      log: (level, message, fields) => base.logger[level]({ ...fields, source: 'code-packages' }, message),
    },
  });
  const executor = new RunExecutor({
    base,
    queue,
    runner,
    pieces,
    code,
    versions: new RunFlowVersions(base.store),
    listener: signallingListener(signals),
    stopping: () => cuttingShort,
    stepWriteDelayMs: options.stepWriteDelayMs ?? 20,
    maxAttempts: options.maxAttempts ?? 5,
    mayDeferEnd: (): boolean => dispatcher.hasSpareSlot(),
  });
  const agents = new AgentExecutor({
    base,
    queue,
    pieces,
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
  if (executes && options.prestart !== false) {
    // One thread: on a small machine more would slow the start-up they run beside; the
    // others start with the first runs that need them.
    runner.prestart(1).catch((error: unknown) => {
      base.logger.error({ err: error }, 'The engine worker threads could not start');
    });
  }
  let running = false;
  let executed = 0;
  const stopRouting = routeRunSignals(signals, {
    waiters,
    events,
    stopRun: (projectId, runId) => stopper.cancel(projectId, runId),
  });

  return {
    events,
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
    awaitResponse: (runId, timeoutMs) => waiters.wait(runId, timeoutMs),
    executedCount: () => executed,
    async getRun(runId) {
      const row: FlowRunRow | undefined = await base.store.db
        .selectFrom('flowRun')
        .selectAll()
        .where('id', '=', runId)
        .executeTakeFirst();
      return row === undefined ? null : runWithSteps(base.store, row);
    },
    async start() {
      if (running) return;
      running = true;
      if (!executes) return;
      if (options.takeOverOnStart !== false) {
        // Jobs left RUNNING belong to a process that is gone (this one just started): queue them again.
        const runIds = await queue.requeueExpired({ exceptWorkerId: workerId, allOthers: true });
        await markQueued(runIds);
        if (runIds.length > 0)
          base.logger.warn({ count: runIds.length }, 'Runs left running were taken up again');
      }
      if (options.admission === undefined) {
        dispatcher.start();
        return;
      }
      await options.admission.startWorker(workerId, config.workerConcurrency, (allowed) => {
        // Refused: running jobs end as they would; no new ones are taken.
        if (allowed) dispatcher.start();
        else void dispatcher.stop(0);
      });
    },
    async stop() {
      if (executes) await options.admission?.stopWorker(workerId);
      const ended = await dispatcher.stop(options.stopGraceMs ?? 10_000);
      if (!ended) {
        cuttingShort = true;
        agents.stopAll();
        base.logger.warn({ count: dispatcher.activeCount }, 'Stopping: running jobs go back to the queue');
      }
      await runner.close();
      await dispatcher.drain();
      await npm?.close();
      await queue.close();
      stopRouting();
      await signals.close();
    },
  };
}

/**
 * The run path's npm pieces with on-demand installs: a step naming a known piece version that is
 * not installed (a flow imported and run at once, a worker whose pieces directory lacks it)
 * installs it first, once, as saving the flow would have; a built-in piece is never installed
 * over.
 */
function installingOnDemand(npm: NpmPieceHost, pieces: ServerBase['pieces']): NpmPieceRunner {
  return {
    async has(name, version) {
      if (await npm.has(name, version)) return true;
      if (pieces.isBuiltin(name)) return false;
      // A worker may have started before the piece was synced: read the catalogue again first.
      await pieces.known.freshEntry(name);
      if (!(await pieces.ensure(name, version))) return false;
      npm.forget(name, version);
      return npm.has(name, version);
    },
    runAction: (request, services) => npm.runAction(request, services),
  };
}
