/**
 * The job queue of scale-out (PostgreSQL + Redis): the `job` table stays the truth of pending
 * work (a run's row and its job row commit in one transaction) and BullMQ delivers it: it tells
 * each worker which job to take, holds delays, detects stalled jobs and wakes idle workers at
 * once.
 */
import type { RedisOptions } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DataStore } from '../infrastructure/storage/data-store';
import type { Database } from '../infrastructure/storage/database';
import { BullDelivery, type Delivery, type Fetched } from './bull-delivery';
import type { ClaimedJob, NewJob } from './job-queue';
import { JobRows, type JobRowsOptions } from './job-rows';
import { claimDeliveredJobs, type ClaimDeliveredDeps } from './claim-delivered-jobs';
import { LostJobsReconciler } from './reconcile-lost-jobs';
import type { OnRunsClaimed, RunQueue } from './run-queue';

/** Options of {@link BullJobQueue}; every duration in ms. */
export interface BullJobQueueOptions extends JobRowsOptions {
  /** Concurrent RUNNING jobs of a project without its own `maxConcurrentJobs` (AP_DEFAULT_CONCURRENT_JOBS_LIMIT). */
  defaultConcurrentJobsLimit: number;
  /** The Redis connection (see `redisConnectionOptions`). */
  connection: RedisOptions;
  /** Prefix of every Redis key (default `piecework`): installations and tests sharing a Redis never collide. */
  prefix?: string;
  /** The BullMQ queue's name (default `runs`). */
  queueName?: string;
  /** A job of a project at its limit is tried again after this, plus up to as much jitter (default 1000). */
  busyProjectBackoffMs?: number;
  /** How often the reconciler looks for QUEUED rows whose BullMQ job is lost (default 5000; 0: never). */
  reconcileEveryMs?: number;
  /** Rows available for less than this are left to their own addition after commit (default 5000). */
  reconcileMinAgeMs?: number;
  /** Rows the reconciler checks per round (default 500). */
  reconcileBatchSize?: number;
  /** Where the reconciler's warnings go. */
  logger: Logger;
}

/** A claim fetches at most this many deliveries per job it may hand out (jobs of busy projects are skipped). */
const FETCH_PER_SLOT = 4;

/**
 * {@link JobQueue} over the `job` table, delivered through BullMQ.
 *
 * Claiming: up to `max` x {@link FETCH_PER_SLOT} BullMQ jobs are fetched, then one store write
 * claims their rows within the per-project limits (counted over RUNNING rows of every worker, in
 * that write) and calls `onClaimed` (see `claimDeliveredJobs` and `planBullClaim`).
 *
 * Fairness: BullMQ hands out jobs in the order they became available. A job of a project at its
 * limit goes back as a delayed job (backoff with jitter) and the claim goes on to the next, so a
 * busy project never blocks the others: a quiet project's job waits behind at most the busy
 * projects' jobs that are fetched and set aside before it (each claim looks at up to
 * `FETCH_PER_SLOT` times its free slots). This is less even than the table queue's
 * round-robin: between projects under their limits, order is first come, first served. The
 * cost: while a project stays full, each of its set-aside jobs is delivered again every backoff.
 *
 * Telling Redis: {@link enqueue}, {@link complete} and {@link discardWaiting} register with the
 * store's `afterCommit`, so a job reaches BullMQ exactly when its row is committed (never one of
 * a write that rolled back, and without reading the rows back). A job lost anyway (Redis down, a
 * crash between commit and Redis) is added back by the reconciler once it is `reconcileMinAgeMs`
 * old.
 */
export class BullJobQueue implements RunQueue {
  private readonly rows: JobRows;
  private readonly delivery: BullDelivery;
  private readonly reconciler: LostJobsReconciler;
  private readonly claimDeps: ClaimDeliveredDeps;
  private readonly backoffMs: number;
  private readonly reconcileTimer: ReturnType<typeof setInterval> | undefined;
  /** Jobs taken by {@link waitForJobs} for the next claim. */
  private readonly prefetched: Fetched[] = [];
  /** The wake-up calls of {@link onAvailable}. */
  private readonly wakes = new Set<() => void>();
  /** The last claim had room left: wait for the next job (see {@link waitForJobs}). */
  private wanting = false;
  private waiting: Promise<void> | undefined;
  private closed = false;
  /** Jobs added and removed by committed writes, not yet told to Redis (see {@link tellRedisSoon}). */
  private committedAdds: Delivery[] = [];
  private committedEnds: string[] = [];
  private flushing = false;
  /** Redis work started and not finished (committed jobs, hand-backs): awaited by claims and close. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly store: DataStore,
    private readonly options: BullJobQueueOptions,
  ) {
    this.rows = new JobRows(options);
    this.backoffMs = options.busyProjectBackoffMs ?? 1000;
    this.delivery = new BullDelivery({
      connection: options.connection,
      prefix: options.prefix ?? 'piecework',
      queueName: options.queueName ?? 'runs',
      lockMs: options.leaseMs,
      onError: (error) => this.redisFailed(error),
    });
    this.claimDeps = {
      store,
      rows: this.rows,
      delivery: this.delivery,
      defaultConcurrentJobsLimit: options.defaultConcurrentJobsLimit,
      busyRetryAtMs: () => this.busyRetryAtMs(),
    };
    this.reconciler = new LostJobsReconciler(store.db, this.delivery, {
      batchSize: options.reconcileBatchSize ?? 500,
      minAgeMs: options.reconcileMinAgeMs ?? 5000,
    });
    const every = options.reconcileEveryMs ?? 5000;
    if (every > 0) {
      this.reconcileTimer = setInterval(() => void this.reconcile(), every);
      this.reconcileTimer.unref();
    }
  }

  async enqueue(trx: Kysely<Database>, job: NewJob, claimedBy?: string): Promise<string> {
    const { id, availableAt } = await this.rows.insert(trx, job, claimedBy);
    if (claimedBy === undefined) {
      const delivery = {
        id,
        runId: job.runId,
        projectId: job.projectId,
        availableAtMs: Date.parse(availableAt),
      };
      this.store.afterCommit(() => this.tellRedisSoon([delivery], []));
    }
    return id;
  }

  /** Always false: BullMQ decides which job goes first, so every job goes through it. */
  async mayClaimNew(): Promise<boolean> {
    return false;
  }

  /** Always true: other processes add jobs the queue does not see. */
  mayHaveAvailable(): boolean {
    return true;
  }

  claim(workerId: string, max: number): Promise<ClaimedJob[]>;
  claim<T>(workerId: string, max: number, onClaimed: OnRunsClaimed<T>): Promise<T[]>;
  async claim<T>(workerId: string, max: number, onClaimed?: OnRunsClaimed<T>): Promise<(T | ClaimedJob)[]> {
    if (max <= 0) return [];
    await this.settled();
    const handed: (T | ClaimedJob)[] = [];
    let budget = max * FETCH_PER_SLOT;
    while (handed.length < max && budget > 0) {
      const want = Math.min(max - handed.length, budget);
      const fetched = this.prefetched.splice(0, want);
      if (fetched.length < want) fetched.push(...(await this.delivery.fetch(want - fetched.length)));
      if (fetched.length === 0) break;
      budget -= fetched.length;
      const delivered = fetched.map((job) => job.id);
      handed.push(...(await claimDeliveredJobs(this.claimDeps, workerId, delivered, onClaimed)));
    }
    this.wanting = handed.length < max;
    this.waitForJobs();
    return handed;
  }

  async complete(trx: Kysely<Database>, jobId: string): Promise<void> {
    await this.completeAll(trx, [jobId]);
  }

  async completeAll(trx: Kysely<Database>, jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.rows.deleteAll(trx, jobIds);
    const ended = [...jobIds];
    this.store.afterCommit(() => this.tellRedisSoon([], ended));
  }

  async discardWaiting(trx: Kysely<Database>, runIds: readonly string[]): Promise<void> {
    const ids = await this.rows.discardWaiting(trx, runIds);
    if (ids.length > 0) this.store.afterCommit(() => this.tellRedisSoon([], ids));
  }

  heldRuns(trx: Kysely<Database>, runIds: readonly string[]): Promise<Set<string>> {
    return this.rows.heldRuns(trx, runIds);
  }

  /**
   * Tells Redis, in a microtask (after the committing call's callbacks), of the jobs `adds` that
   * committed writes added (to BullMQ, delayed until available) and `ends` they removed (their
   * BullMQ jobs ended): the jobs of every call of one transaction go in one batch. A job lost
   * anyway (Redis down, a crash right after the commit) is added back by the reconciler once it
   * is `reconcileMinAgeMs` old.
   */
  private tellRedisSoon(adds: readonly Delivery[], ends: readonly string[]): void {
    this.committedAdds.push(...adds);
    this.committedEnds.push(...ends);
    if (this.flushing) return;
    this.flushing = true;
    queueMicrotask(() => {
      this.flushing = false;
      const added = this.committedAdds.splice(0);
      const ended = this.committedEnds.splice(0);
      this.track(
        Promise.all([
          this.delivery.add(added, this.rows.nowMs()),
          ...ended.map((id) => this.delivery.complete(id)),
        ]),
        'Telling Redis of committed jobs failed; the reconciler adds them again',
      );
    });
  }

  async release(jobId: string, availableAt?: string): Promise<void> {
    const row = await this.store.write(async (trx) => {
      const at = await this.rows.release(trx, jobId, availableAt);
      const found = await trx
        .selectFrom('job')
        .select(['runId', 'projectId'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      return found && { ...found, availableAtMs: Date.parse(at) };
    });
    if (row === undefined) return;
    if (await this.delivery.delay(jobId, row.availableAtMs)) return;
    await this.delivery.add([{ id: jobId, ...row }], this.rows.nowMs());
  }

  async extendLeases(workerId: string, jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.store.write((trx) => this.rows.extendLeases(trx, workerId, jobIds));
    await this.delivery.extendLocks(jobIds);
  }

  async requeueExpired(options: { exceptWorkerId?: string; allOthers?: boolean } = {}): Promise<string[]> {
    const rows = await this.store.write((trx) => this.rows.requeueExpired(trx, options));
    const nowMs = this.rows.nowMs();
    const notHeld: Delivery[] = [];
    for (const row of rows) {
      // Held here (its lease ran out in this process): hand it back; else make sure it has a job.
      if (!(await this.delivery.delay(row.id, nowMs))) notHeld.push({ ...row, availableAtMs: nowMs });
    }
    await this.delivery.add(notHeld, nowMs);
    return rows.map((row) => row.runId);
  }

  /**
   * Adds again the BullMQ jobs of QUEUED rows that lost theirs (one bounded batch); answers how
   * many, after logging a warning when any. Runs every `reconcileEveryMs` by itself.
   */
  async reconcile(): Promise<number> {
    try {
      const count = await this.reconciler.round(this.rows.nowMs());
      if (count > 0) this.options.logger.warn({ count }, 'Queued jobs missing from Redis were added again');
      return count;
    } catch (error) {
      this.options.logger.warn({ err: error }, 'Reconciling the Redis job queue failed');
      return 0;
    }
  }

  /**
   * Wakes when a job becomes available for this process: added by any process, moved back after
   * its worker stalled, or a delayed one coming due (see {@link waitForJobs}).
   */
  onAvailable(wake: () => void): () => void {
    this.wakes.add(wake);
    this.wanting = true;
    this.waitForJobs();
    return () => {
      this.wakes.delete(wake);
      if (this.wakes.size === 0) this.wanting = false;
    };
  }

  /** Stops the reconciler and the waiting, hands back prefetched jobs, closes every connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.wanting = false;
    clearInterval(this.reconcileTimer);
    this.wakes.clear();
    // Cut the wait first, and let a job it took meanwhile go back while Redis is still connected.
    this.delivery.stopWaiting();
    await this.waiting;
    const nowMs = this.rows.nowMs();
    await Promise.all(this.prefetched.splice(0).map((job) => this.delivery.delay(job.id, nowMs)));
    await this.settled();
    await this.delivery.close();
  }

  /**
   * While someone listens ({@link onAvailable}) and the last claim had room left, waits on
   * BullMQ's marker for the next job (one waiting process is woken per marker, so two idle
   * workers do not both race for each new job), takes it for the next claim and wakes the
   * listeners. The claim that takes it starts the next wait when it still has room.
   */
  private waitForJobs(): void {
    if (this.waiting !== undefined || this.closed || !this.wanting || this.wakes.size === 0) return;
    if (this.prefetched.length > 0) return;
    this.waiting = (async () => {
      while (this.wanting && !this.closed && this.prefetched.length === 0) {
        let job: Fetched | undefined;
        try {
          job = await this.delivery.waitAndFetch();
        } catch (error) {
          if (this.closed) return;
          this.redisFailed(error as Error);
          await new Promise((resume) => setTimeout(resume, 1000).unref());
          continue;
        }
        if (job === undefined) continue;
        if (this.closed || !this.wanting) {
          // Nobody takes it here any more: back to waiting for any worker.
          await this.delivery.delay(job.id, this.rows.nowMs());
          return;
        }
        this.prefetched.push(job);
        for (const wake of this.wakes) wake();
      }
    })().finally(() => {
      this.waiting = undefined;
    });
  }

  private redisFailed(error: Error): void {
    this.options.logger.warn({ err: error }, 'The Redis job queue failed; its clients reconnect');
  }

  private busyRetryAtMs(): number {
    return this.rows.nowMs() + this.backoffMs + Math.floor(Math.random() * this.backoffMs);
  }

  private track(work: Promise<unknown>, failure: string): void {
    const tracked = work.catch((error: unknown) => this.options.logger.warn({ err: error }, failure));
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }
}
