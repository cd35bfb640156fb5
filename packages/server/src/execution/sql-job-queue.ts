/**
 * The embedded durable queue: the `job` table of the server's database, no extra service. Every
 * change is one write transaction, so a job exists exactly when the change that made it
 * committed (a run and its job commit together).
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DataStore } from '../infrastructure/storage/data-store';
import type { Database, JobTable } from '../infrastructure/storage/database';
import { serialiseWrites } from '../infrastructure/storage/serialise-writes';
import type { ClaimedJob, NewJob } from './job-queue';
import { claimedJob, JobRows, type JobRowsOptions } from './job-rows';
import { projectJobSlots } from './project-job-slots';
import type { OnRunsClaimed, RunQueue } from './run-queue';
import { anyAvailableJob, queueRoomForNewJob } from './run-statements';

/** Options of {@link SqlJobQueue}. */
export interface SqlJobQueueOptions extends JobRowsOptions {
  /** Concurrent RUNNING jobs of a project without its own `maxConcurrentJobs` (AP_DEFAULT_CONCURRENT_JOBS_LIMIT). */
  defaultConcurrentJobsLimit: number;
}

/**
 * {@link JobQueue} over the `job` table.
 *
 * Claiming, in one transaction: the projects with available jobs are considered, skipping those
 * already at their limit (`project.maxConcurrentJobs`, else the default) counted over RUNNING
 * jobs of every process. Each free slot then goes to the project running the fewest jobs; among
 * equals, to the one this queue served least recently (round-robin), then to the one whose
 * oldest available job is oldest; the slot takes that project's oldest job. So a project with a
 * thousand waiting jobs gets its turn like a project with one, and never more than its limit:
 * one busy project never starves the others.
 */
export class SqlJobQueue implements RunQueue {
  private readonly rows: JobRows;
  /** When each project was last given a slot (a counter), for round-robin among equals. */
  private readonly lastServed = new Map<string, number>();
  private serveCount = 0;
  /** Set when a look found no available job; cleared by anything that may add one. */
  private knownEmpty = false;
  /** Counts what may have added an available job, so that a look overtaken by one sets nothing. */
  private additions = 0;

  constructor(
    private readonly store: DataStore,
    private readonly options: SqlJobQueueOptions,
  ) {
    this.rows = new JobRows(options);
  }

  async enqueue(trx: Kysely<Database>, job: NewJob, claimedBy?: string): Promise<string> {
    const { id } = await this.rows.insert(trx, job, claimedBy);
    if (claimedBy !== undefined) this.lastServed.set(job.projectId, ++this.serveCount);
    else this.mayHaveAdded();
    return id;
  }

  mayHaveAvailable(): boolean {
    return !this.knownEmpty;
  }

  private mayHaveAdded(): void {
    this.additions += 1;
    this.knownEmpty = false;
  }

  async mayClaimNew(trx: Kysely<Database>, projectId: string): Promise<boolean> {
    // Taken with the claims' lock, held until `trx` commits the job it inserts claimed.
    await serialiseWrites(trx, 'job-claim');
    const { rows } = await queueRoomForNewJob.run(trx, {
      now: this.rows.isoNow(),
      projectId,
      defaultLimit: this.options.defaultConcurrentJobsLimit,
    });
    const row = rows[0];
    return row !== undefined && Number(row.waiting) === 0 && Number(row.free) > 0;
  }

  claim(workerId: string, max: number): Promise<ClaimedJob[]>;
  claim<T>(workerId: string, max: number, onClaimed: OnRunsClaimed<T>): Promise<T[]>;
  async claim<T>(workerId: string, max: number, onClaimed?: OnRunsClaimed<T>): Promise<(T | ClaimedJob)[]> {
    if (max <= 0) return [];
    // A read first: an idle poll takes no write lock.
    const additionsBefore = this.additions;
    const available = await anyAvailableJob.run(this.store.db, { now: this.rows.isoNow() });
    if (available.rows.length === 0) {
      if (this.additions === additionsBefore) this.knownEmpty = true;
      return [];
    }
    this.knownEmpty = false;
    return this.store.write(async (trx) => {
      // Claims of every process one at a time: each reads the free jobs, then takes them.
      await serialiseWrites(trx, 'job-claim');
      const rows = await this.pickJobs(trx, this.rows.isoNow(), max);
      if (rows.length === 0) return [];
      await this.rows.claim(
        trx,
        rows.map((row) => row.id),
        workerId,
      );
      const jobs = rows.map(claimedJob);
      return onClaimed ? onClaimed(trx, jobs) : jobs;
    });
  }

  async complete(trx: Kysely<Database>, jobId: string): Promise<void> {
    await this.rows.delete(trx, jobId);
  }

  async completeAll(trx: Kysely<Database>, jobIds: readonly string[]): Promise<void> {
    await this.rows.deleteAll(trx, jobIds);
  }

  async discardWaiting(trx: Kysely<Database>, runIds: readonly string[]): Promise<void> {
    await this.rows.discardWaiting(trx, runIds);
  }

  heldRuns(trx: Kysely<Database>, runIds: readonly string[]): Promise<Set<string>> {
    return this.rows.heldRuns(trx, runIds);
  }

  /** Never calls `wake`: jobs of other processes and ended delays are found by polling. */
  onAvailable(): () => void {
    return () => {};
  }

  /** Holds nothing of its own (the store is closed by its owner). */
  async close(): Promise<void> {}

  async release(jobId: string, availableAt?: string): Promise<void> {
    this.mayHaveAdded();
    await this.store.write((trx) => this.rows.release(trx, jobId, availableAt));
  }

  async extendLeases(workerId: string, jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.store.write((trx) => this.rows.extendLeases(trx, workerId, jobIds));
  }

  async requeueExpired(options: { exceptWorkerId?: string; allOthers?: boolean } = {}): Promise<string[]> {
    const rows = await this.store.write((trx) => this.rows.requeueExpired(trx, options));
    if (rows.length > 0) this.mayHaveAdded();
    return rows.map((row) => row.runId);
  }

  /** The jobs to claim, fairly dealt (see the class comment). */
  private async pickJobs(trx: Kysely<Database>, now: string, max: number): Promise<Selectable<JobTable>[]> {
    // Identifiers in double quotes: PostgreSQL folds unquoted ones to lower case.
    const { rows } = await sql<{ projectId: string; waiting: number }>`
      select "projectId", count(*) as waiting from job where status = 'QUEUED' and "availableAt" <= ${now}
      group by "projectId" order by min("availableAt"), "projectId"`.execute(trx);
    const slots = await projectJobSlots(
      trx,
      rows.map((row) => row.projectId),
      this.options.defaultConcurrentJobsLimit,
    );
    const candidates = rows
      .map((row) => ({
        projectId: row.projectId,
        running: slots.get(row.projectId)?.running ?? 0,
        left: Math.min(Number(row.waiting), slots.get(row.projectId)?.free ?? 0),
        taken: 0,
      }))
      .filter((candidate) => candidate.left > 0);
    // Deal the slots one by one (see the class comment).
    const dealt: (typeof candidates)[number][] = [];
    while (dealt.length < max) {
      let next: (typeof candidates)[number] | undefined;
      for (const candidate of candidates) {
        if (candidate.left > 0 && (next === undefined || this.before(candidate, next))) next = candidate;
      }
      if (next === undefined) break;
      next.left -= 1;
      next.taken += 1;
      next.running += 1;
      this.lastServed.set(next.projectId, ++this.serveCount);
      dealt.push(next);
    }
    const jobsOf = new Map<string, Selectable<JobTable>[]>();
    for (const candidate of candidates) {
      if (candidate.taken === 0) continue;
      const jobs = await trx
        .selectFrom('job')
        .selectAll()
        .where('projectId', '=', candidate.projectId)
        .where('status', '=', 'QUEUED')
        .where('availableAt', '<=', now)
        .orderBy('availableAt')
        .orderBy('created')
        .orderBy('id')
        .limit(candidate.taken)
        .execute();
      jobsOf.set(candidate.projectId, jobs);
    }
    return dealt.flatMap(({ projectId }) => jobsOf.get(projectId)?.shift() ?? []);
  }

  /** Whether project `a` gets the next slot before `b`: fewer running, else served longer ago, else older job. */
  private before(
    a: { projectId: string; running: number },
    b: { projectId: string; running: number },
  ): boolean {
    if (a.running !== b.running) return a.running < b.running;
    return (this.lastServed.get(a.projectId) ?? 0) < (this.lastServed.get(b.projectId) ?? 0);
  }
}
