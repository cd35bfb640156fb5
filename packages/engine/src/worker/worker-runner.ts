import type { Worker } from 'node:worker_threads';
import type { EventEmitter } from 'eventemitter3';
import type { EngineHost } from '../host/engine-host';
import type { EngineEvents } from '../run/engine-events';
import { resolveEngineOptions, type EngineOptions } from '../run/engine-options';
import type { EngineRequest } from '../run/engine-request';
import type { RunResult } from '../run/run-result';
import { messageOf } from '../run/attempt-outcome';
import { adoptDeferredThread, stopDeferredThread, threadResourceLimits } from './deferred-thread';
import { PoolWorker, type PoolWorkerSettings } from './pool-worker';
import { FairQueue } from './fair-queue';
import { ReadyWaiters } from './ready-waiters';
import { RunProgress } from './run-progress';
import type { WorkerRunnerStats } from './runner-stats';
import { setThreadNiceness, threadNiceness } from './thread-priority';
import { VersionKeys } from './version-keys';
import { endedResult, type WorkerJob } from './worker-job';
import { resolveWorkerScript } from './worker-script';

/** Options of a {@link WorkerRunner}. */
export interface WorkerRunnerOptions {
  /**
   * Worker threads kept for runs, each running one run at a time; more runs wait in a queue. It is
   * also the most threads one group (see {@link RunOptions.group}) runs on at once. Default 2.
   */
  size?: number;
  /**
   * The most threads the pool grows to while runs hold threads long (see `heldAfterMs`): when
   * every thread is held, one more is started, so that runs of other groups do not wait for the
   * held ones to end; threads beyond `size` stop after `idleMs` unused. Default `size` (no growth).
   */
  maxThreads?: number;
  /**
   * How long one run may keep a thread before the thread counts as held: it may then be given a
   * lower priority (`heldNiceness`), and when every thread is held the pool grows (`maxThreads`).
   * In ms. Default 1000.
   */
  heldAfterMs?: number;
  /**
   * The niceness (Linux, 0 to 19) a held thread runs at until its run ends, so that a runaway run
   * takes only the CPU that other runs leave; the thread's earlier niceness comes back after (or,
   * when that is not allowed, the thread is replaced). Default: priorities are not changed.
   */
  heldNiceness?: number;
  /** How long a thread beyond `size` may stay unused before it stops, in ms. Default 30 000. */
  idleMs?: number;
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
  private readonly maxThreads: number;
  private readonly heldAfterMs: number;
  private readonly idleMs: number;
  private readonly heldNiceness: number | undefined;
  private readonly settings: PoolWorkerSettings;
  private readonly workers = new Set<PoolWorker>();
  private readonly queue = new FairQueue<WorkerJob>();
  /** Jobs taken from the queue and not settled yet. */
  private readonly taken = new Set<WorkerJob>();
  /** The niceness each demoted thread had before. */
  private readonly niceBefore = new Map<PoolWorker, number>();
  private housekeeping: { timer: ReturnType<typeof setTimeout>; due: number } | undefined;
  private readonly readyWaiters = new ReadyWaiters();
  private readonly counters: WorkerRunnerStats = { threadsStarted: 0, threadsAdopted: 0, versionsSent: 0 };
  private closed = false;
  /** The `adopt` option, until the first thread is needed. */
  private adoptable: Worker | undefined;

  constructor(options: WorkerRunnerOptions = {}) {
    const { size = 2, maxHeapMb = 256, graceMs = 1000, heldAfterMs = 1000, idleMs = 30_000 } = options;
    const { maxThreads = size, heldNiceness } = options;
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`WorkerRunner size must be a positive integer, not ${size}`);
    if (!Number.isInteger(maxThreads) || maxThreads < size)
      throw new RangeError(`WorkerRunner maxThreads must be an integer of at least size, not ${maxThreads}`);
    if (!(heldAfterMs > 0))
      throw new RangeError(`WorkerRunner heldAfterMs must be positive, not ${heldAfterMs}`);
    if (!(idleMs >= 0)) throw new RangeError(`WorkerRunner idleMs must be 0 or more, not ${idleMs}`);
    if (
      heldNiceness !== undefined &&
      !(Number.isInteger(heldNiceness) && heldNiceness >= 0 && heldNiceness <= 19)
    )
      throw new RangeError(`WorkerRunner heldNiceness must be an integer from 0 to 19, not ${heldNiceness}`);
    if (!(maxHeapMb > 0)) throw new RangeError(`WorkerRunner maxHeapMb must be positive, not ${maxHeapMb}`);
    if (!(graceMs >= 0)) throw new RangeError(`WorkerRunner graceMs must be 0 or more, not ${graceMs}`);
    this.size = size;
    this.maxThreads = maxThreads;
    this.heldAfterMs = heldAfterMs;
    this.idleMs = idleMs;
    this.heldNiceness = heldNiceness;
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
  run(
    request: EngineRequest,
    host: EngineHost,
    events?: EventEmitter<EngineEvents>,
    options: RunOptions = {},
  ): Promise<RunResult> {
    if (this.closed) return Promise.reject(new Error('The WorkerRunner is closed'));
    const { group = '', signal } = options;
    if (signal?.aborted) return Promise.resolve(canceledBeforeStart(request));
    return new Promise((resolve, reject) => {
      const onAbort = (): void => this.cancel(job);
      const settled = (): void => {
        signal?.removeEventListener('abort', onAbort);
        if (this.taken.delete(job)) this.queue.done(group);
      };
      const job: WorkerJob = {
        request,
        host,
        events,
        group,
        resolve: (result) => {
          settled();
          resolve(result);
        },
        reject: (error) => {
          settled();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Stops every worker thread. Runs still waiting or running are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.adoptable) stopDeferredThread(this.adoptable);
    this.adoptable = undefined;
    const error = new Error('The WorkerRunner was closed before the run finished');
    if (this.housekeeping) clearTimeout(this.housekeeping.timer);
    this.housekeeping = undefined;
    for (const job of this.queue.drain()) job.reject(error);
    this.readyWaiters.reject(new Error('The WorkerRunner was closed before a worker thread was ready'));
    await Promise.all([...this.workers].map((worker) => worker.close(error)));
    this.workers.clear();
  }

  /** Ends a job CANCELED: taken out of the queue, or its thread stopped. */
  private cancel(job: WorkerJob): void {
    if (this.queue.remove(job)) {
      job.resolve(canceledBeforeStart(job.request));
      return;
    }
    for (const worker of this.workers) if (worker.cancel(job)) return;
  }

  /** Whether a run of a group that runs `running` runs may start on a thread now. */
  private readonly mayRun = (_group: string, running: number): boolean => running < this.size;

  private dispatch(): void {
    if (this.closed) return;
    for (const worker of this.workers) {
      while (worker.state === 'idle') {
        const job = this.queue.take(this.mayRun);
        if (!job) break;
        this.taken.add(job);
        worker.start(job);
      }
    }
    const starting = [...this.workers].filter((worker) => worker.state === 'starting').length;
    const runnable = this.queue.hasRunnable(this.mayRun) ? this.queue.length : 0;
    const missing = Math.min(runnable - starting, this.size - this.workers.size);
    for (let i = 0; i < missing; i++) this.spawn();
    // Every thread held by a long run: one more, for the runs of other groups.
    if (starting === 0 && this.workers.size < this.maxThreads && this.everyThreadHeld()) this.spawn();
    // Idle threads do not keep the process alive; one starting, or exiting before its
    // replacement starts, does while runs (or prestart callers) wait for it.
    const waited = this.queue.length > 0 || this.readyWaiters.any;
    for (const worker of this.workers) {
      worker.keepAlive(worker.state === 'busy' || (worker.state !== 'idle' && waited));
    }
    this.scheduleHousekeeping();
  }

  /** Whether there are threads and each runs a run that has held it for `heldAfterMs`. */
  private everyThreadHeld(now = performance.now()): boolean {
    if (this.workers.size === 0) return false;
    for (const worker of this.workers) {
      if (worker.state !== 'busy' || now - worker.since < this.heldAfterMs) return false;
    }
    return true;
  }

  /**
   * Arms the one timer of the pool for the next moment something changes with time alone: a busy
   * thread becomes held, an unused thread beyond `size` may stop.
   */
  private scheduleHousekeeping(): void {
    const now = performance.now();
    let due = Infinity;
    const mayStop = this.workers.size > this.size;
    for (const worker of this.workers) {
      const at =
        worker.state === 'busy'
          ? worker.since + this.heldAfterMs
          : worker.state === 'idle' && mayStop
            ? worker.since + this.idleMs
            : Infinity;
      if (at > now && at < due) due = at;
    }
    if (this.housekeeping && this.housekeeping.due <= due) return;
    if (this.housekeeping) clearTimeout(this.housekeeping.timer);
    this.housekeeping = undefined;
    if (due === Infinity) return;
    const timer = setTimeout(() => {
      this.housekeeping = undefined;
      this.lowerHeldThreads();
      this.stopUnusedThreads();
      this.dispatch();
    }, due - now);
    timer.unref();
    this.housekeeping = { timer, due };
  }

  /** Gives every held thread the `heldNiceness` (see the option). */
  private lowerHeldThreads(): void {
    if (this.heldNiceness === undefined) return;
    const now = performance.now();
    for (const worker of this.workers) {
      if (worker.state !== 'busy' || worker.demoted || now - worker.since < this.heldAfterMs) continue;
      const before = threadNiceness(worker.osThreadId);
      if (before === undefined || before >= this.heldNiceness) continue;
      if (!setThreadNiceness(worker.osThreadId, this.heldNiceness)) continue;
      worker.demoted = true;
      this.niceBefore.set(worker, before);
    }
  }

  /** Stops threads beyond `size` unused for `idleMs`, keeping one spare while every other is held. */
  private stopUnusedThreads(): void {
    const now = performance.now();
    for (const worker of this.workers) {
      if (this.workers.size <= this.size) return;
      if (worker.state !== 'idle' || now - worker.since < this.idleMs) continue;
      const others = [...this.workers].filter((other) => other !== worker);
      if (others.every((other) => other.state === 'busy' && now - other.since >= this.heldAfterMs)) continue;
      this.retire(worker);
    }
  }

  /** Stops a thread that is not needed (or cannot get its priority back). */
  private retire(worker: PoolWorker): void {
    this.workers.delete(worker);
    this.niceBefore.delete(worker);
    void worker.close(new Error('The worker thread was stopped'));
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
    const job = this.queue.take(() => true);
    if (job) {
      this.taken.add(job);
      job.reject(error);
    }
    if (![...this.workers].some((worker) => worker.state !== 'dead')) this.readyWaiters.reject(error);
  }

  private readonly onReady = (worker: PoolWorker): void => {
    this.readyWaiters.resolve();
    if (worker.demoted) {
      // Its held run ended: the thread gets its priority back, or makes way for a fresh one.
      worker.demoted = false;
      const before = this.niceBefore.get(worker);
      this.niceBefore.delete(worker);
      if (before === undefined || !setThreadNiceness(worker.osThreadId, before)) this.retire(worker);
    }
    this.dispatch();
  };

  private readonly onExit = (
    worker: PoolWorker,
    death: { startupError?: Error; endedJob: boolean },
  ): void => {
    this.workers.delete(worker);
    this.niceBefore.delete(worker);
    if (this.closed) return;
    // One failed start fails one waiting run; a thread stopped during a run is replaced at once
    // (warm for the next run). Neither can loop: a thread that dies idle is replaced on demand.
    if (death.startupError) {
      this.startFailed(new Error(`A worker thread failed to start: ${death.startupError.message}`));
    } else if (death.endedJob && this.workers.size < this.size) {
      this.spawn();
    }
    this.dispatch();
  };
}

/** What one run asks of the runner beyond its request. */
export interface RunOptions {
  /**
   * The tenant the run counts against (e.g. its project): waiting runs are started fairly across
   * groups, and one group never runs on more than `size` threads at once, so its long runs cannot
   * take every thread while others wait. Default: one group for every run.
   */
  group?: string;
  /**
   * Cancels the run: a waiting run ends at once, a running one within moments (its thread is
   * stopped, which also ends what its code and pieces had under way there), CANCELED with the
   * records reported so far.
   */
  signal?: AbortSignal;
}

/** The result of a run canceled before a thread took it: the records it came with. */
function canceledBeforeStart(request: EngineRequest): RunResult {
  return endedResult(new RunProgress(request), 'CANCELED', 'The run was canceled', 0);
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
