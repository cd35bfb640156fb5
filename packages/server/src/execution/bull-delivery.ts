/**
 * BullMQ's side of the Redis job queue: which job a worker takes next, delays, locks and stalled
 * jobs. It knows jobs by their row id (the BullMQ `jobId`) and carries `{runId, projectId}`; the
 * `job` table stays the truth of pending work (see `BullJobQueue`).
 */
import { randomUUID } from 'node:crypto';
import { Queue, Worker, type Job, type RedisOptions } from 'bullmq';
import { Redis } from 'ioredis';

/** What a delivered job carries; its BullMQ id is the job row's id. */
export interface DeliveryData {
  runId: string;
  projectId: string;
}

/** A job this process took and holds the lock of: its row's id and its run. */
export interface Fetched extends DeliveryData {
  id: string;
}

/** A job to deliver: its row's id and run, available from `availableAtMs` (wall clock). */
export interface Delivery extends DeliveryData {
  id: string;
  availableAtMs: number;
}

/** Options of {@link BullDelivery}. */
export interface BullDeliveryOptions {
  connection: RedisOptions;
  /** Prefix of every Redis key, so that installations and tests never collide. */
  prefix: string;
  /** The BullMQ queue's name. */
  queueName: string;
  /** How long a fetched job stays locked without an extension (the job lease), in ms. */
  lockMs: number;
  /** Hears connection and stalled-check errors (the clients reconnect by themselves). */
  onError: (error: Error) => void;
}

/** Longest wait on BullMQ's marker before looking for a job anyway, in seconds. */
const WAIT_SECONDS = 5;

/** The BullMQ name of every run job (the queue holds one kind). */
const JOB_NAME = 'run';

/** A stalled job is moved back this many times at most; the row, not BullMQ, decides its fate. */
const MAX_STALLED = 1_000_000;

/**
 * Adds, hands out and settles BullMQ jobs for one process. Fetching is manual (a worker without
 * a processor): each fetched job is locked under its own token until {@link complete}d,
 * {@link delay}ed or its lock runs out (then BullMQ's stalled check, run here every `lockMs`,
 * moves it back to waiting for any worker).
 */
export class BullDelivery {
  /** The queue's jobs, for adding and removing them. */
  readonly queue: Queue<DeliveryData>;
  private readonly worker: Worker<DeliveryData>;
  /** The jobs this process fetched and holds the lock of. */
  private readonly held = new Map<string, { job: Job<DeliveryData>; token: string }>();
  /** The connection {@link waitAndFetch} blocks on, opened by its first wait (app processes never wait). */
  private waiter: Redis | undefined;
  private waitingStopped = false;

  constructor(private readonly options: BullDeliveryOptions) {
    const base = { connection: options.connection, prefix: options.prefix };
    this.queue = new Queue<DeliveryData>(options.queueName, base);
    this.worker = new Worker<DeliveryData>(options.queueName, null, {
      ...base,
      autorun: false,
      lockDuration: options.lockMs,
      stalledInterval: options.lockMs,
      maxStalledCount: MAX_STALLED,
    });
    this.queue.on('error', options.onError);
    this.worker.on('error', options.onError);
    this.worker.startStalledCheckTimer().catch(options.onError);
  }

  /** Adds jobs (a job whose id exists already is left as it is), delayed until they are available. */
  async add(jobs: readonly Delivery[], nowMs: number): Promise<void> {
    if (jobs.length === 0) return;
    await this.queue.addBulk(
      jobs.map(({ id, runId, projectId, availableAtMs }) => ({
        name: JOB_NAME,
        data: { runId, projectId },
        opts: {
          jobId: id,
          delay: Math.max(0, availableAtMs - nowMs),
          removeOnComplete: true,
          removeOnFail: true,
        },
      })),
    );
  }

  /** Takes and locks up to `max` waiting jobs (delayed ones that came due included); answers their ids and data. */
  async fetch(max: number): Promise<Fetched[]> {
    const fetched: Fetched[] = [];
    while (fetched.length < max) {
      const token = randomUUID();
      const job = await this.worker.getNextJob(token, { block: false });
      if (job?.id === undefined) break;
      this.held.set(job.id, { job, token });
      fetched.push({ id: job.id, ...job.data });
    }
    return fetched;
  }

  /**
   * Waits until BullMQ's marker says a job may be waiting or a delayed one is due, then takes and
   * locks one, like {@link fetch}. BullMQ sets the marker whenever a job becomes waiting (added,
   * moved back after its worker stalled, promoted) or is delayed (the marker's score is when it
   * is due); a marker is popped by one waiting process only, so a new job wakes one idle worker,
   * not all. The wait runs on a connection of its own, which {@link stopWaiting} cuts at once.
   * Answers undefined when no job was there after all, after {@link WAIT_SECONDS} without a
   * marker, or when stopped. One wait at a time per delivery.
   */
  async waitAndFetch(): Promise<Fetched | undefined> {
    if (this.waitingStopped) return undefined;
    const waiter = (this.waiter ??= this.openWaiter());
    const marker = this.queue.toKey('marker');
    let dueAt = Date.now() + WAIT_SECONDS * 1000;
    for (;;) {
      // Until the earliest delayed job seen is due, still hearing markers of jobs waiting now.
      const popped = await waiter.bzpopmin(marker, Math.max(0.01, (dueAt - Date.now()) / 1000));
      if (this.waitingStopped) return undefined;
      if (popped === null) break;
      const score = Number(popped[2]);
      if (score <= Date.now()) break;
      dueAt = Math.min(dueAt, score);
    }
    const [job] = await this.fetch(1);
    return job;
  }

  /** Ends a {@link waitAndFetch} under way (it answers undefined or rejects) and every later one. */
  stopWaiting(): void {
    this.waitingStopped = true;
    this.waiter?.disconnect();
  }

  private openWaiter(): Redis {
    // A blocking command must wait as long as it takes, not fail after a few retries.
    const waiter = new Redis({ ...this.options.connection, maxRetriesPerRequest: null });
    waiter.on('error', this.options.onError);
    return waiter;
  }

  /** Whether this process holds job `id`'s lock. */
  holds(id: string): boolean {
    return this.held.has(id);
  }

  /** Ends job `id` (its row is gone): completes it if held here, else removes it if it waits. */
  async complete(id: string): Promise<void> {
    const held = this.held.get(id);
    this.held.delete(id);
    if (held !== undefined) {
      try {
        await held.job.moveToCompleted(null, held.token, false);
        // Its project has a free slot now: a job set aside for the limit may go.
        await this.unpark(held.job.data.projectId);
        return;
      } catch {
        // The lock ran out (a stalled check moved it): remove it wherever it is now.
      }
    }
    await this.remove([id]);
  }

  /** Removes waiting or delayed jobs; a job another process holds is left (its claim drops it: no row). */
  async remove(ids: readonly string[]): Promise<void> {
    await Promise.all(ids.map((id) => this.queue.remove(id).catch(() => 0)));
  }

  /**
   * Gives held job `id` back, to be handed out again from `atMs`; answers false when it was not
   * held here (the caller adds it again instead).
   */
  async delay(id: string, atMs: number): Promise<boolean> {
    const held = this.held.get(id);
    if (held === undefined) return false;
    this.held.delete(id);
    try {
      await held.job.moveToDelayed(atMs, held.token);
      return true;
    } catch {
      return false; // the lock ran out: the job is back in waiting already, or gone
    }
  }

  /**
   * Sets held job `id` aside because its project `projectId` is at its limit: delayed until
   * `atMs` at the latest, and recorded as parked, so that the next job of the project to end
   * brings it back at once ({@link complete}). Answers false when it was not held here.
   */
  async park(id: string, projectId: string, atMs: number): Promise<boolean> {
    if (!(await this.delay(id, atMs))) return false;
    const client = await this.queue.client;
    await client.runCommand('zadd', [this.parkedKey(projectId), atMs, id]);
    return true;
  }

  /** Brings the earliest parked job of `projectId` back to waiting now (none: nothing). */
  private async unpark(projectId: string): Promise<void> {
    const client = await this.queue.client;
    const key = this.parkedKey(projectId);
    for (;;) {
      const [id] = (await client.runCommand('zpopmin', [key])) as (string | undefined)[];
      if (id === undefined) return;
      const job = await this.queue.getJob(id);
      // Gone, or back in waiting already (its delay ran out): try the next one.
      if (job !== undefined && (await job.isDelayed())) {
        await job.promote().catch(() => undefined);
        return;
      }
    }
  }

  private parkedKey(projectId: string): string {
    return this.queue.toKey(`parked:${projectId}`);
  }

  /** Extends the locks of the held jobs among `ids`. */
  async extendLocks(ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids.map(async (id) => {
        const held = this.held.get(id);
        if (held !== undefined) await held.job.extendLock(held.token, this.options.lockMs);
      }),
    );
  }

  /** Those of `ids` without a BullMQ job (lost with a Redis restart, or never added): one pipelined round trip. */
  async missing(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const client = await this.queue.client;
    const pipeline = client.pipeline();
    for (const id of ids) pipeline.runCommand('exists', [this.queue.toKey(id)]);
    const answers = (await pipeline.exec()) ?? [];
    return ids.filter((_, index) => answers[index]?.[1] === 0);
  }

  /** Closes the worker and the queue (held jobs are left to their locks). */
  async close(): Promise<void> {
    this.stopWaiting();
    this.held.clear();
    await this.worker.close();
    await this.queue.close();
  }
}
