import type { EventEmitter } from 'eventemitter3';
import type { EngineHost } from '../host/engine-host';
import type { EngineEvents } from '../run/engine-events';
import { resolveEngineOptions, type EngineOptions } from '../run/engine-options';
import type { EngineRequest } from '../run/engine-request';
import type { RunResult } from '../run/run-result';
import { messageOf } from '../steps/attempt-outcome';
import { PoolWorker, type PoolWorkerSettings } from './pool-worker';
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
}

/**
 * Runs engine requests in a pool of worker threads with a hard heap cap and a hard deadline, for
 * code that escapes QuickJS's own (soft) limits: an endless built-in call, a huge string. Threads
 * are reused across runs: the engine and QuickJS's compiled WebAssembly load once per thread.
 * A run that passes its deadline plus `graceMs` ends TIMEOUT, and one that exhausts the heap
 * MEMORY_LIMIT_EXCEEDED, with the step records its events reported so far; its thread is then
 * replaced, and runs on other threads go on. Events are emitted on `events` as they happen in
 * the thread. `now` and `sleep` are the thread's own (real clock and timers); every other host
 * port is called here, on the given host.
 *
 * @example
 * ```ts
 * const runner = new WorkerRunner({ size: 4, options: { flowTimeoutSeconds: 60 } });
 * const result = await runner.run(request, host, events);
 * await runner.close();
 * ```
 */
export class WorkerRunner {
  private readonly size: number;
  private readonly settings: PoolWorkerSettings;
  private readonly workers = new Set<PoolWorker>();
  private readonly queue: WorkerJob[] = [];
  private closed = false;

  constructor(options: WorkerRunnerOptions = {}) {
    const { size = 2, maxHeapMb = 256, graceMs = 1000 } = options;
    if (!Number.isInteger(size) || size < 1)
      throw new RangeError(`WorkerRunner size must be a positive integer, not ${size}`);
    if (!(maxHeapMb > 0)) throw new RangeError(`WorkerRunner maxHeapMb must be positive, not ${maxHeapMb}`);
    if (!(graceMs >= 0)) throw new RangeError(`WorkerRunner graceMs must be 0 or more, not ${graceMs}`);
    this.size = size;
    this.settings = {
      script: resolveWorkerScript(options.workerScript),
      resourceLimits: {
        maxOldGenerationSizeMb: maxHeapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(maxHeapMb / 8))),
        stackSizeMb: 4,
      },
      options: resolveEngineOptions(options.options),
      graceMs,
    };
  }

  /** The engine options every run gets. */
  get options(): EngineOptions {
    return this.settings.options;
  }

  /**
   * Runs one engine request in a worker thread, as `runEngine(request, host, options, events)`
   * would in this one. Rejects for misuse (as `runEngine` throws), when the request cannot be
   * sent to a thread, when a thread cannot start, or when the runner is closed first.
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
    const error = new Error('The WorkerRunner was closed before the run finished');
    for (const job of this.queue.splice(0)) job.reject(error);
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
    // replacement starts, does while runs wait for it.
    for (const worker of this.workers) {
      worker.keepAlive(worker.state === 'busy' || (worker.state !== 'idle' && this.queue.length > 0));
    }
  }

  private spawn(): void {
    try {
      this.workers.add(new PoolWorker(this.settings, { ready: () => this.dispatch(), exited: this.onExit }));
    } catch (error) {
      this.queue.shift()?.reject(new Error(`A worker thread failed to start: ${messageOf(error)}`));
    }
  }

  private readonly onExit = (
    worker: PoolWorker,
    death: { startupError?: Error; endedJob: boolean },
  ): void => {
    this.workers.delete(worker);
    if (this.closed) return;
    // One failed start fails one waiting run; a thread stopped during a run is replaced at once
    // (warm for the next run). Neither can loop: a thread that dies idle is replaced on demand.
    if (death.startupError) {
      this.queue.shift()?.reject(new Error(`A worker thread failed to start: ${death.startupError.message}`));
    } else if (death.endedJob) {
      this.spawn();
    }
    this.dispatch();
  };
}
