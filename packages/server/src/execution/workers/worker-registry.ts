/**
 * Who runs jobs, and whether they may: in scale-out every worker process registers itself in
 * Redis (a heartbeat every few seconds), and the app records its release there. A worker takes
 * jobs only while its release is the app's: a worker of another release refuses, says which
 * releases differ (its log, and the app's health), and starts taking jobs once they agree (after
 * the app or the worker is upgraded). The app's health lists the workers heard from recently.
 */
import type { HealthWorker } from '@piecework/shared';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** Decides when a worker process may take jobs (see `RunRuntimeOptions.admission`). */
export interface WorkerAdmission {
  /**
   * Registers worker `id` (running `concurrency` jobs at once) and calls `onAllowed` with whether
   * it may take jobs, at once and on every change, until {@link stopWorker}.
   */
  startWorker(id: string, concurrency: number, onAllowed: (allowed: boolean) => void): Promise<void>;
  /** Unregisters worker `id`. */
  stopWorker(id: string): Promise<void>;
}

/** What a {@link WorkerRegistry} is built from. */
export interface WorkerRegistryDeps {
  redis: Redis;
  /** The installation's key prefix. */
  prefix: string;
  release: string;
  logger: Logger;
  /** Heartbeat interval in ms; a worker silent for three of them is gone. Default 5000. */
  heartbeatMs?: number;
}

/** The Redis records of the app's release and of the workers; see the module comment. */
export class WorkerRegistry implements WorkerAdmission {
  private readonly heartbeatMs: number;
  private timer: ReturnType<typeof setInterval> | undefined;
  private appTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: WorkerRegistryDeps) {
    this.heartbeatMs = deps.heartbeatMs ?? 5_000;
  }

  private get releaseKey(): string {
    return `${this.deps.prefix}app-release`;
  }

  private get workersKey(): string {
    return `${this.deps.prefix}workers`;
  }

  /**
   * Records this process as the app: its release is the one workers must run. Recorded again at
   * every heartbeat until {@link stopApp}, so a Redis restarted empty learns it again.
   */
  async registerApp(): Promise<void> {
    await this.deps.redis.set(this.releaseKey, this.deps.release);
    this.appTimer = setInterval(() => {
      this.deps.redis.set(this.releaseKey, this.deps.release).catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, "The app's release could not be recorded in Redis");
      });
    }, this.heartbeatMs);
    this.appTimer.unref();
  }

  /** Stops recording this process's release (it stays recorded for the workers). */
  stopApp(): void {
    clearInterval(this.appTimer);
    this.appTimer = undefined;
  }

  /**
   * Why a worker of this release may not take jobs now, or undefined when it may: the app's
   * release differs, or no app has recorded one yet.
   */
  async refusal(): Promise<string | undefined> {
    const appRelease = await this.deps.redis.get(this.releaseKey);
    if (appRelease === null) return 'no app has started on this Redis yet: its release is unknown';
    if (appRelease === this.deps.release) return undefined;
    return `this worker runs release ${this.deps.release} but the app runs release ${appRelease}; workers and the app must run the same release`;
  }

  /**
   * Registers worker `id` and keeps its heartbeat until {@link stop}; `onAllowed(true|false)` is
   * called at start and whenever whether it may take jobs changes (a refusal is logged once).
   */
  async startWorker(id: string, concurrency: number, onAllowed: (allowed: boolean) => void): Promise<void> {
    let allowed: boolean | undefined;
    const beat = async (): Promise<void> => {
      const refusal = await this.refusal();
      const entry: HealthWorker = {
        id,
        release: this.deps.release,
        concurrency,
        acceptsJobs: refusal === undefined,
        ...(refusal === undefined ? {} : { refusal }),
        lastSeen: new Date().toISOString(),
      };
      await this.deps.redis.hset(this.workersKey, id, JSON.stringify(entry));
      if (allowed === (refusal === undefined)) return;
      allowed = refusal === undefined;
      if (refusal === undefined)
        this.deps.logger.info({ release: this.deps.release }, 'This worker takes jobs');
      else this.deps.logger.error({ release: this.deps.release }, `This worker takes no jobs: ${refusal}`);
      onAllowed(allowed);
    };
    await beat();
    this.timer = setInterval(() => {
      beat().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'The worker heartbeat failed'));
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /** Stops the heartbeat and removes worker `id` from the list. */
  async stopWorker(id: string): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.deps.redis.hdel(this.workersKey, id);
  }

  /** The workers heard from within three heartbeats, by id; older entries are removed. */
  async workers(): Promise<HealthWorker[]> {
    const all = await this.deps.redis.hgetall(this.workersKey);
    const cutoff = Date.now() - 3 * this.heartbeatMs;
    const live: HealthWorker[] = [];
    for (const [id, text] of Object.entries(all)) {
      const entry = JSON.parse(text) as HealthWorker;
      if (Date.parse(entry.lastSeen) >= cutoff) live.push(entry);
      else await this.deps.redis.hdel(this.workersKey, id);
    }
    return live.sort((a, b) => a.id.localeCompare(b.id));
  }
}
