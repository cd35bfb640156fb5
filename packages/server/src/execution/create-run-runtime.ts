/**
 * Builds the run machinery of one server process (see {@link RunRuntime}): the durable queue in
 * the database, the claim loop, the engine's worker threads, the piece runner, and the events
 * and waiters of synchronous callers. Each stage is a function of `runtime/`; this file composes
 * them in order.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { EngineOptions, PieceRunner } from '@piecework/engine';
import type { TablesHost } from '@piecework/pieces';
import type { OpenAgentToolbox } from './agents/agent-toolbox';
import type { ServerBase } from '../server-context';
import type { RunRuntime } from './run-runtime';
import type { RunEndWrite } from './run-end-write';
import { routeRunSignals } from './signals/run-signal-routes';
import type { RunSignals } from './signals/run-signals';
import type { WorkerAdmission } from './workers/worker-registry';
import type { RunQueue } from './run-queue';
import { createEngineThreads, prestartEngineThreads } from './runtime/engine-threads';
import { runCalls } from './runtime/run-calls';
import { createRunExecution } from './runtime/run-execution';
import { createRunPieces, pieceUrls } from './runtime/run-pieces';
import { openRunSignalling } from './runtime/run-signalling';
import { runStartStop } from './runtime/run-start-stop';
import { selectRunQueue } from './runtime/select-run-queue';

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
  /**
   * What a run's end writes beside it, in the same transaction (the server saves a single-step
   * test's sample data so; see `RunEndWrite`). Default: nothing.
   */
  runEndWrite?: RunEndWrite;
}

/**
 * The run machinery over the server's base context, composed stage by stage: signals and
 * waiters, the queue, the engine threads, the pieces, the executions, then the calls and the
 * start and stop over them. No job runs before `start()` (threads may start loading).
 */
export function createRunRuntime(base: ServerBase, options: RunRuntimeOptions = {}): RunRuntime {
  const leaseMs = options.leaseMs ?? 30_000;
  const executes = options.executes ?? true;
  const signalling = openRunSignalling(options);
  const { events, waiters, signals } = signalling;
  const queue = selectRunQueue(base, options, leaseMs);
  const workerId = `${hostname()}:${String(process.pid)}:${randomBytes(6).toString('hex')}`;
  const urls = pieceUrls(base);
  const runner = createEngineThreads(base, options, executes, urls);
  const pieces = createRunPieces(base, options, waiters, urls);
  const execution = createRunExecution(base, options, { queue, runner, pieces, signals, workerId, leaseMs });
  prestartEngineThreads(base, options, executes, runner);
  const stopRouting = routeRunSignals(signals, {
    waiters,
    events,
    stopRun: (projectId, runId) => execution.stopper.cancel(projectId, runId),
  });
  return {
    events,
    ...runCalls(base, { queue, signalling, execution, workerId }),
    ...runStartStop(base, options, executes, {
      queue,
      signals,
      runner,
      npm: pieces.npm,
      execution,
      workerId,
      stopRouting,
    }),
  };
}
