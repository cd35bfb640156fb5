import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { EngineOptions } from '../run/engine-options';
import { timeoutMessage } from '../run/halt';
import type { FailedRunResult } from '../run/run-result';
import { messageOf } from '../run/attempt-outcome';
import type { FromThread, Relayed, ThreadConfig, ToThread } from './protocol';
import type { WorkerRunnerStats } from './runner-stats';
import { SentVersions } from './sent-versions';
import { serveHostCall } from './serve-host-call';
import type { VersionKeys } from './version-keys';
import { ActiveJob, type WorkerJob } from './worker-job';
import type { WorkerScript } from './worker-script';

/** What every worker of a pool is started with, and shares with the others. */
export interface PoolWorkerSettings {
  script: WorkerScript;
  resourceLimits: ResourceLimits;
  options: EngineOptions;
  /** Plain data for the thread script's setup (`workerData.settings`); undefined for none. */
  threadSettings: unknown;
  /** Extra time after the run's own deadline before the thread is stopped. */
  graceMs: number;
  /** The pool's keys of flow version objects. */
  versionKeys: VersionKeys;
  /** The pool's counters (this worker adds the versions it sends). */
  stats: WorkerRunnerStats;
}

/**
 * How a worker tells its pool it can take a job, or is gone: `startupError` when it never got
 * ready, `endedJob` when its death ended the job it ran.
 */
export interface PoolWorkerListener {
  ready(worker: PoolWorker): void;
  exited(worker: PoolWorker, death: { startupError?: Error; endedJob: boolean }): void;
}

/** How long closing waits for a thread that is still loading its modules, in ms. */
const STARTUP_WAIT_MS = 10_000;

/** Resolves when `promise` settles or after `ms`, whichever comes first. */
function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The longest delay setTimeout takes (longer ones fire at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One worker thread of a pool, running one job at a time. It sends a run's flow version only when
 * its thread does not hold it yet (see {@link SentVersions}), relays the thread's host calls, logs
 * and events (the items a message carries first, in order), and ends the job itself when the
 * thread fails it: past the hard deadline it stops the thread (TIMEOUT); a thread that runs out
 * of heap ends it MEMORY_LIMIT_EXCEEDED, any other death INTERNAL_ERROR. A stopped or dead worker
 * is not reused; replies to its pending host calls are dropped.
 */
export class PoolWorker {
  state: 'starting' | 'idle' | 'busy' | 'dead' = 'starting';
  /** When the current job started (`performance.now()`), or when the worker last became idle. */
  since = performance.now();
  /** The thread's id in the operating system, when the thread told it (Linux), for its priority. */
  osThreadId: number | undefined;
  /** The thread runs at a lower priority than it started with, because its job held it long. */
  demoted = false;
  private readonly worker: Worker;
  private active: ActiveJob | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private nextJobId = 1;
  private crash: Error | undefined;
  private wasReady = false;
  private endedJob = false;
  private readonly versions: SentVersions;
  /** Settles when the thread said `ready` or exited: it is no longer loading its modules. */
  private readonly loaded: Promise<void>;
  private settleLoaded: () => void = () => {};

  /**
   * Starts a thread, or takes `adopted`: a deferred thread (started early with the pool's script
   * and limits, see `startDeferredThread`) that waits for its config and is sent it here.
   */
  constructor(
    private readonly settings: PoolWorkerSettings,
    private readonly listener: PoolWorkerListener,
    adopted?: Worker,
  ) {
    const { script, resourceLimits, options, threadSettings } = settings;
    this.versions = new SentVersions(settings.versionKeys);
    this.loaded = new Promise((resolve) => (this.settleLoaded = resolve));
    const config: ThreadConfig = {
      options,
      ...(threadSettings === undefined ? {} : { settings: threadSettings }),
    };
    this.worker =
      adopted ?? new Worker(script.filename, { eval: script.eval, resourceLimits, workerData: config });
    this.worker.on('message', (message: FromThread) => this.onMessage(message));
    this.worker.on('messageerror', (error) =>
      this.fail(`a message of the worker thread cannot be read: ${error.message}`),
    );
    this.worker.on('error', (error) => this.onError(error));
    this.worker.on('exit', (code) => this.onExit(code));
    if (adopted) this.post({ type: 'setup', data: config });
  }

  /** Whether the thread keeps the process alive (only while it runs or is about to run a job). */
  keepAlive(on: boolean): void {
    if (on) this.worker.ref();
    else this.worker.unref();
  }

  /**
   * Starts a job on this idle worker; the hard deadline starts now. `step.started` events cross
   * only when the job's emitter has a listener for them now.
   */
  start(job: WorkerJob): void {
    const active = new ActiveJob(this.nextJobId++, job);
    const version = this.versions.refFor(job.request.flowVersion);
    try {
      this.post({
        type: 'run',
        jobId: active.jobId,
        request: { ...job.request, flowVersion: undefined },
        version,
        startedEvents: (job.events?.listenerCount('step.started') ?? 0) > 0,
      });
    } catch (error) {
      active.reject(new Error(`The run cannot be sent to its worker thread: ${messageOf(error)}`));
      return;
    }
    this.versions.posted(version);
    if (version.flowVersion) this.settings.stats.versionsSent++;
    this.state = 'busy';
    this.since = performance.now();
    this.active = active;
    const { flowTimeoutSeconds } = this.settings.options;
    const hardDeadlineMs = Math.min(MAX_TIMER_MS, flowTimeoutSeconds * 1000 + this.settings.graceMs);
    this.timer = setTimeout(() => this.stop('TIMEOUT', timeoutMessage(flowTimeoutSeconds)), hardDeadlineMs);
  }

  /** The job this worker runs now (as the runner queued it), if any. */
  get job(): WorkerJob | undefined {
    return this.active?.given;
  }

  /**
   * Ends the job it runs CANCELED, with the records reported so far, and stops the thread (the
   * only way to stop code that does not yield); false when it does not run `job`.
   */
  cancel(job: WorkerJob): boolean {
    if (this.active?.given !== job || this.state !== 'busy') return false;
    this.stop('CANCELED', 'The run was canceled');
    return true;
  }

  /** Stops the thread; a job it runs is rejected with `error`. */
  async close(error: Error): Promise<void> {
    const loading = this.state === 'starting';
    this.finishJob()?.reject(error);
    this.state = 'dead';
    // A thread still loading its modules is let finish first (at most STARTUP_WAIT_MS): stopping a
    // worker in the middle of module loading (with loader hooks, as under tsx) can abort the
    // whole process on Node 20.
    if (loading) await settledWithin(this.loaded, STARTUP_WAIT_MS);
    await this.worker.terminate();
  }

  private onMessage(message: FromThread): void {
    if (message.type === 'ready') {
      this.settleLoaded();
      if (this.state !== 'starting') return;
      this.wasReady = true;
      this.osThreadId = message.osThreadId;
      this.state = 'idle';
      this.since = performance.now();
      this.listener.ready(this);
      return;
    }
    const active = this.active;
    if (!active || message.jobId !== active.jobId || this.state === 'dead') return;
    if (message.type === 'unsent') return this.fail(message.message);
    if (message.items && !this.relayAll(active, message.items)) return;
    switch (message.type) {
      case 'batch':
        return;
      case 'call':
        serveHostCall(active.job.host, message.call).then(
          (value) => this.reply(active, { type: 'reply', callId: message.callId, ok: true, value }),
          (error: unknown) =>
            this.reply(active, {
              type: 'reply',
              callId: message.callId,
              ok: false,
              message: messageOf(error),
            }),
        );
        return;
      case 'done':
        this.finishJob()?.resolve(message.result);
        this.becomeIdle();
        return;
      case 'threw':
        this.finishJob()?.reject(new Error(message.message));
        this.becomeIdle();
        return;
    }
  }

  /**
   * Relays a message's items in order. False when the job ended meanwhile: a listener that
   * throws stops the run (INTERNAL_ERROR), one may also close the runner.
   */
  private relayAll(active: ActiveJob, items: Relayed[]): boolean {
    for (const item of items) {
      if (this.active !== active || this.state === 'dead') return false;
      if (item.type === 'log') {
        active.log(item);
        continue;
      }
      try {
        active.relay(item.event);
      } catch (error) {
        this.stop('INTERNAL_ERROR', `Internal error: ${messageOf(error)}`);
        return false;
      }
    }
    return this.active === active && this.state !== 'dead';
  }

  private reply(active: ActiveJob, reply: ToThread): void {
    if (this.active !== active || this.state === 'dead') return;
    try {
      this.post(reply);
    } catch (error) {
      const callId = (reply as { callId: number }).callId;
      this.post({
        type: 'reply',
        callId,
        ok: false,
        message: `The host's answer cannot be sent to the worker thread: ${messageOf(error)}`,
      });
    }
  }

  /** Ends the job and stops the thread, which exits and is replaced. */
  private stop(status: 'TIMEOUT' | 'INTERNAL_ERROR' | 'CANCELED', message: string): void {
    this.endJob(status, message);
    this.state = 'dead';
    this.worker.terminate().catch(() => {});
  }

  private fail(reason: string): void {
    this.stop('INTERNAL_ERROR', `Internal error: ${reason}`);
  }

  private onError(error: Error): void {
    this.crash ??= error;
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.endJob(
        'MEMORY_LIMIT_EXCEEDED',
        `The run exceeded the memory limit of its worker thread (${this.settings.resourceLimits.maxOldGenerationSizeMb} MB)`,
      );
    } else {
      this.endJob('INTERNAL_ERROR', `Internal error: the worker thread crashed: ${error.message}`);
    }
    this.state = 'dead';
  }

  private onExit(code: number): void {
    this.settleLoaded();
    this.endJob('INTERNAL_ERROR', `Internal error: the worker thread exited with code ${code}`);
    this.state = 'dead';
    const startupError = this.wasReady
      ? undefined
      : (this.crash ?? new Error(`The worker thread exited with code ${code} before it was ready`));
    this.listener.exited(this, { endedJob: this.endedJob, ...(startupError ? { startupError } : {}) });
  }

  /** Ends the job (if any) with a result made here, because the thread is stopped or dead. */
  private endJob(status: FailedRunResult['status'], message: string): void {
    const job = this.finishJob();
    if (!job) return;
    this.endedJob = true;
    job.end(status, message);
  }

  private finishJob(): ActiveJob | undefined {
    clearTimeout(this.timer);
    this.timer = undefined;
    const active = this.active;
    this.active = undefined;
    return active && !active.isSettled ? active : undefined;
  }

  private becomeIdle(): void {
    this.state = 'idle';
    this.since = performance.now();
    this.listener.ready(this);
  }

  private post(message: ToThread): void {
    this.worker.postMessage(message);
  }
}
