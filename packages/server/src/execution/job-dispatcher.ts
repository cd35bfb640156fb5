/**
 * The claim loop of one process: claims jobs while it runs fewer than `concurrency`
 * (AP_WORKER_CONCURRENCY), hands each to `execute`, and keeps their leases alive. It wakes at
 * once when told a job was committed ({@link JobDispatcher.notify}, called after commit: no
 * polling delay on the hot path), when a job ends, and every `pollMs` (delayed jobs becoming
 * available, jobs queued by other processes). Every `sweepMs` it queues again the jobs whose
 * lease ran out (their worker vanished).
 */
import type { Logger } from 'pino';
import type { JobQueue, OnClaimed } from './job-queue';

/** Timings of a {@link JobDispatcher}, in milliseconds. */
export interface DispatcherTimings {
  /** Lease of a claimed job; extended every third of it while the job runs. */
  leaseMs: number;
  /** Poll for available jobs. */
  pollMs: number;
  /** Sweep for jobs whose lease ran out. */
  sweepMs: number;
}

/** What a {@link JobDispatcher} is built from. */
export interface JobDispatcherDeps<Write, T extends { job: { id: string } }> {
  queue: JobQueue<Write>;
  workerId: string;
  concurrency: number;
  timings: DispatcherTimings;
  logger: Logger;
  /** Runs in the claim's transaction (marks the runs RUNNING); answers what to execute. */
  start: OnClaimed<Write, T>;
  /** Executes one started job to its end. */
  execute: (started: T) => Promise<void>;
  /** Hears of the runs whose jobs were queued again by a sweep. */
  requeued: (runIds: string[]) => Promise<void>;
}

/** Claims and runs jobs; see the module comment. */
export class JobDispatcher<Write, T extends { job: { id: string } }> {
  private readonly active = new Map<string, Promise<void>>();
  private reserved = 0;
  private readonly timers: ReturnType<typeof setInterval>[] = [];
  /** Stops the queue's wake-up calls (see `JobQueue.onAvailable`). */
  private stopWaking: (() => void) | undefined;
  private pumping = false;
  private again = false;
  private woken = false;
  private running = false;
  /** A wake-up found every slot taken: a job may wait for the next slot to free. */
  private backlog = false;

  constructor(private readonly deps: JobDispatcherDeps<Write, T>) {}

  /** How many jobs this process runs now. */
  get activeCount(): number {
    return this.active.size;
  }

  /**
   * Whether a job could start now without waiting for a running one to end: fewer jobs run or
   * are about to than `concurrency`. A running job may then hold its slot a little longer (e.g.
   * to share a commit) without making a new job wait.
   */
  hasSpareSlot(): boolean {
    return this.active.size + this.reserved < this.deps.concurrency;
  }

  /**
   * Takes a free slot for a job about to be claimed outside the claim loop (a run claimed in the
   * transaction that creates it); false when there is none. Follow with {@link launchReserved}
   * or {@link unreserve}.
   */
  tryReserve(): boolean {
    if (!this.running || this.active.size + this.reserved >= this.deps.concurrency) return false;
    this.reserved += 1;
    return true;
  }

  /** Runs a job claimed in a reserved slot. */
  launchReserved(started: T): void {
    this.reserved -= 1;
    this.launch(started);
  }

  /** Gives a reserved slot back (the job was not claimed). */
  unreserve(): void {
    this.reserved -= 1;
    this.notify();
  }

  /** Starts claiming, polling, extending leases and sweeping. */
  start(): void {
    if (this.running) return;
    this.running = true;
    const { timings } = this.deps;
    this.every(timings.pollMs, () => this.notify());
    this.every(Math.max(1, Math.floor(timings.leaseMs / 3)), () => this.extendLeases());
    this.every(timings.sweepMs, () => this.sweep());
    this.stopWaking = this.deps.queue.onAvailable(() => this.notify());
    this.notify();
  }

  /** Wakes the claim loop (coalesced: many calls in one turn claim once). */
  notify(): void {
    if (!this.running || this.woken) return;
    this.woken = true;
    setImmediate(() => {
      this.woken = false;
      void this.pump();
    });
  }

  /**
   * Stops claiming and the timers, then waits up to `graceMs` for the running jobs. Answers
   * whether they all ended; the caller cuts the others short and then {@link drain}s.
   */
  async stop(graceMs: number): Promise<boolean> {
    this.running = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    this.stopWaking?.();
    this.stopWaking = undefined;
    if (this.active.size === 0) return true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const graceOver = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
    const ended = await Promise.race([this.drain().then(() => true as const), graceOver]);
    clearTimeout(timer);
    return ended;
  }

  /** Waits for every running job to end. */
  async drain(): Promise<void> {
    while (this.active.size > 0) await Promise.allSettled([...this.active.values()]);
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        const free = this.deps.concurrency - this.active.size - this.reserved;
        if (!this.running) break;
        if (free <= 0) {
          this.backlog = true;
          break;
        }
        this.backlog = false;
        const started = await this.deps.queue.claim(this.deps.workerId, free, this.deps.start);
        for (const item of started) this.launch(item);
        if (started.length === free) this.again = true;
      } while (this.again);
    } catch (error) {
      this.deps.logger.error({ err: error }, 'Claiming jobs failed');
    } finally {
      this.pumping = false;
    }
  }

  private launch(started: T): void {
    const id = started.job.id;
    const done = this.deps
      .execute(started)
      .catch((error: unknown) => {
        this.deps.logger.error({ err: error, job: { id } }, 'A job failed to run; its lease will run out');
      })
      .finally(() => {
        this.active.delete(id);
        // Its slot is free: look for waiting jobs, unless none can be waiting for it.
        if (this.backlog || this.deps.queue.mayHaveAvailable()) this.notify();
      });
    this.active.set(id, done);
  }

  private async extendLeases(): Promise<void> {
    try {
      await this.deps.queue.extendLeases(this.deps.workerId, [...this.active.keys()]);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'Extending job leases failed');
    }
  }

  private async sweep(): Promise<void> {
    try {
      const runIds = await this.deps.queue.requeueExpired();
      if (runIds.length === 0) return;
      this.deps.logger.warn({ count: runIds.length }, 'Jobs whose worker vanished were queued again');
      await this.deps.requeued(runIds);
      this.notify();
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'Sweeping expired jobs failed');
    }
  }

  private every(ms: number, task: () => unknown): void {
    const timer = setInterval(task, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
