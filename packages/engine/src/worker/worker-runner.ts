import type { Worker } from 'node:worker_threads';
import type { EventEmitter } from 'eventemitter3';
import type { EngineHost } from '../host/engine-host';
import type { EngineEvents } from '../run/engine-events';
import { resolveEngineOptions, type EngineOptions } from '../run/engine-options';
import type { EngineRequest } from '../run/engine-request';
import type { RunResult } from '../run/run-result';
import { messageOf } from '../steps/attempt-outcome';
import { adoptDeferredThread, stopDeferredThread, threadResourceLimits } from './deferred-thread';
import { PoolWorker, type PoolWorkerSettings } from './pool-worker';
import { ReadyWaiters } from './ready-waiters';
import type { WorkerRunnerStats } from './runner-stats';
import { VersionKeys } from './version-keys';
import type { WorkerJob } from './worker-job';
import { resolveWorkerScript } from './worker-script';

/** Options of a {@link WorkerRunner}. */
export interface WorkerRunnerOptions {
  /** Worker threads, each running one run at a time; more runs wait in a queue. Default 2. */
  size?: number;
  /**
   * Heap cap of each worker thread (V8 old generation), in MB. A run that exhausts it ends
   * MEMORY_LIMIT_EXCEEDED. Default 256.
   */
  maxHeapMb?: number;
  /**
   * How long after the run's own deadline (`options.flowTimeoutSeconds`) the thread is stopped
   * and the run ends TIMEOUT, in milliseconds. Default 1000.
   */
  graceMs?: number;
  /** Engine limits of every run (defaults: `DEFAULT_ENGINE_OPTIONS`). */
  options?: Partial<EngineOptions>;
  /**
   * The worker threads' code, as a path or file URL. Default: the package's own `worker-thread`
   * entry beside this one (`src/worker/worker-thread.ts`, through tsx, when running from sources).
   */
  workerScript?: string | URL;
  /**
   * Plain data (structured-clone safe) handed to the thread script's setup, e.g. where a thread
   * finds installed pieces (see `runWorkerThread` and `WorkerThreadSetup.pieces`). The default
   * script ignores it. Default: undefined.
   */
  threadSettings?: unknown;
  /**
   * A thread started early with `startDeferredThread` (from `@piecework/engine/deferred-thread`),
   * taken as the pool's first thread (at the first `prestart` or run) when it was started with
   * this runner's `workerScript` (resolved the same way: the same path or URL) and resource
   * limits (`maxHeapMb`), and is still alive; it is then set up with this runner's `options` and
   * `threadSettings` and counts in `stats.threadsStarted` and `stats.threadsAdopted`. Otherwise
   * it is stopped and ignored (a `Worker` not made by `startDeferredThread` is terminated), as
   * it is when the runner is closed before it needs a thread. Once adopted, it fails like any
   * other thread (an error of its setup fails `prestart` and runs as a thread failing to start).
   * Default: none.
   */
  adopt?: Worker;
}

/**
 * Runs engine requests in a pool of worker threads with a hard heap cap and a hard deadline, for
 * code that escapes QuickJS's own (soft) limits: an endless built-in call, a huge string. Threads
 * are reused across runs: the engine and QuickJS's compiled WebAssembly load once per thread.
 * A run that passes its deadline plus `graceMs` ends TIMEOUT, and one that exhausts the heap
 * MEMORY_LIMIT_EXCEEDED, with the step records its events reported so far; its thread is then
 * replaced, and runs on other threads go on. `now` and `sleep` are the thread's own (real clock
 * and timers); every other host port is called here, on the given host (pieces too, unless the
 * `workerScript` runs them in the thread: see `runWorkerThread`).
 *
 * Events are emitted on `events` in the order they happen in the thread, which sends them in
 * batches: every event before a host call is emitted before the call is made here, and every
 * event of a run before its result resolves; `run.responded` as soon as it happens; others when
 * the thread's event loop gets a turn, or after 5 ms while a step keeps the thread busy (so a
 * stopped run's records lack at most the steps of its last 5 ms before a blocking built-in call).
 *
 * Each thread keeps the flow versions it ran (the last 64 by use), by object identity: runs of
 * the same version object send only a key after the first. So a version object passed to `run`
 * must not be changed afterwards (the engine's own caches assume it too); pass a new object for
 * changed data, as a server does for drafts.
 *
 * @example
 * ```ts
 * const runner = new WorkerRunner({ size: 4, options: { flowTimeoutSeconds: 60 } });
 * await runner.prestart(); // at start-up: the first run does not wait for a thread
 * const result = await runner.run(request, host, events);
 * await runner.close();
 * ```
 */
export class WorkerRunner {
  private readonly size: number;
  private readonly settings: PoolWorkerSettings;
  private readonly workers = new Set<PoolWorker>();
  private readonly queue: WorkerJob[] = [];
  private readonly readyWaiters = new ReadyWaiters();
  private readonly counters: WorkerRunnerStats = { threadsStarted: 0, threadsAdopted: 0, versionsSent: 0 };
  private closed = false;
  /** The `adopt` option, until the first thread is needed. */
  private adoptable: Worker | undefined;

  constructor(options: WorkerRunnerOptions = {}) {
    const { size = 2, maxHeapMb = 256, graceMs = 1000 } = options;
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`WorkerRunner size must be a positive integer, not ${size}`);
    if (!(maxHeapMb > 0)) throw new RangeError(`WorkerRunner maxHeapMb must be positive, not ${maxHeapMb}`);
    if (!(graceMs >= 0)) throw new RangeError(`WorkerRunner graceMs must be 0 or more, not ${graceMs}`);
    this.size = size;
    this.settings = {
      script: resolveWorkerScript(options.workerScript),
      threadSettings: cloneable(options.threadSettings),
      resourceLimits: threadResourceLimits(maxHeapMb),
      options: resolveEngineOptions(options.options),
      graceMs,
      versionKeys: new VersionKeys(),
      stats: this.counters,
    };
    this.adoptable = options.adopt;
  }

  /** The engine options every run gets. */
  get options(): EngineOptions {
    return this.settings.options;
  }

  /** What the pool did so far (a snapshot): threads started (adopted ones among them), flow versions sent. */
  get stats(): WorkerRunnerStats {
    return { ...this.counters };
  }

  /**
   * Starts `threads` of the pool's threads (default and at most `size`) ahead of runs, so that the first runs do not wait
   * for a thread to load the engine and QuickJS (a few hundred ms): call it at start-up, e.g.
   * while a server starts listening. Resolves as soon as one thread is ready (at once if one
   * already is); the others go on starting, and runs arriving meanwhile wait for them rather than
   * start more. Rejects, with a thread's start-up error, when every thread failed to start (a
   * broken worker script), and when the runner is closed first. Threads waiting idle do not keep
   * the process alive; the starting ones do while the returned promise is pending.
   */
  prestart(threads: number = this.size): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The WorkerRunner is closed'));
    const ready = this.readyWaiters.wait();
    if ([...this.workers].some((worker) => worker.state === 'idle' || worker.state === 'busy'))
      this.readyWaiters.resolve();
    const wanted = Math.min(this.size, Math.max(1, Math.floor(threads)));
    while (this.workers.size < wanted && this.spawn()) {
      // Until the pool is full, or a thread cannot even be made.
    }
    this.dispatch();
    return ready;
  }

  /**
   * Runs one engine request in a worker thread, as `runEngine(request, host, options, events)`
   * would in this one. Rejects for misuse (as `runEngine` throws), when the request cannot be
   * sent to a thread, when a thread cannot start, or when the runner is closed first.
   *
   * `step.started` events are not sent by the thread when `events` has no `step.started`
   * listener at the moment a thread starts the run: a listener added later gets none (every
   * other event is sent whatever the listeners).
   */
  run(request: EngineRequest, host: EngineHost, events?: EventEmitter<EngineEvents>): Promise<RunResult> {
    if (this.closed) return Promise.reject(new Error('The WorkerRunner is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ request, host, events, resolve, reject });
      this.dispatch();
    });
  }

  /** Stops every worker thread. Runs still waiting or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.adoptable) stopDeferredThread(this.adoptable);
    this.adoptable = undefined;
    const error = new Error('The WorkerRunner was closed before the run finished');
    for (const job of this.queue.splice(0)) job.reject(error);
    this.readyWaiters.reject(new Error('The WorkerRunner was closed before a worker thread was ready'));
    await Promise.all([...this.workers].map((worker) => worker.close(error)));
    this.workers.clear();
  }

  private dispatch(): void {
    for (const worker of this.workers) {
      while (worker.state === 'idle' && this.queue.length > 0) worker.start(this.queue.shift()!);
    }
    const starting = [...this.workers].filter((worker) => worker.state === 'starting').length;
    const missing = Math.min(this.queue.length - starting, this.size - this.workers.size);
    for (let i = 0; i < missing; i++) this.spawn();
    // Idle threads do not keep the process alive; one starting, or exiting before its
    // replacement starts, does while runs (or prestart callers) wait for it.
    const waited = this.queue.length > 0 || this.readyWaiters.any;
    for (const worker of this.workers) {
      worker.keepAlive(worker.state === 'busy' || (worker.state !== 'idle' && waited));
    }
  }

  /** Adds a thread to the pool (the first may be the `adopt` thread); false when it cannot be made. */
  private spawn(): boolean {
    const adopted = this.takeAdoptable();
    try {
      const listener = { ready: this.onReady, exited: this.onExit };
      this.workers.add(new PoolWorker(this.settings, listener, adopted));
      this.counters.threadsStarted++;
      if (adopted) this.counters.threadsAdopted++;
      return true;
    } catch (error) {
      adopted?.terminate().catch(() => {});
      this.startFailed(new Error(`A worker thread failed to start: ${messageOf(error)}`));
      return false;
    }
  }

  private takeAdoptable(): Worker | undefined {
    const adopt = this.adoptable;
    this.adoptable = undefined;
    if (!adopt) return undefined;
    return adoptDeferredThread(adopt, this.settings.script, this.settings.resourceLimits);
  }

  /** One failed start fails one waiting run, and prestart callers once no thread can get ready. */
  private startFailed(error: Error): void {
    this.queue.shift()?.reject(error);
    if (![...this.workers].some((worker) => worker.state !== 'dead')) this.readyWaiters.reject(error);
  }

  private readonly onReady = (): void => {
    this.readyWaiters.resolve();
    this.dispatch();
  };

  private readonly onExit = (
    worker: PoolWorker,
    death: { startupError?: Error; endedJob: boolean },
  ): void => {
    this.workers.delete(worker);
    if (this.closed) return;
    // One failed start fails one waiting run; a thread stopped during a run is replaced at once
    // (warm for the next run). Neither can loop: a thread that dies idle is replaced on demand.
    if (death.startupError) {
      this.startFailed(new Error(`A worker thread failed to start: ${death.startupError.message}`));
    } else if (death.endedJob) {
      this.spawn();
    }
    this.dispatch();
  };
}

/** `threadSettings` as given, once it is known to cross into a thread (a TypeError otherwise). */
function cloneable(threadSettings: unknown): unknown {
  try {
    structuredClone(threadSettings);
  } catch (error) {
    throw new TypeError(`WorkerRunner threadSettings must be plain data: ${messageOf(error)}`);
  }
  return threadSettings;
}
