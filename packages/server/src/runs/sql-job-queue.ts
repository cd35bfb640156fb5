/**
 * The embedded durable queue: the `job` table of the server's database, no extra service. Every
 * change is one write transaction, so a job exists exactly when the change that made it
 * committed (a run and its job commit together).
 */
import { generateTimeOrderedId } from '@piecework/shared';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DataStore } from '../storage/data-store';
import type { Database, JobTable } from '../storage/database';
import { fromJson, toJson } from '../storage/json-column';
import { serialiseWrites } from '../storage/serialise-writes';
import type { ClaimedJob, JobKind, NewJob } from './job-queue';
import type { OnRunsClaimed, RunQueue } from './run-queue';
import { anyAvailableJob, deleteJob, insertJobRow, queueRoomForNewJob } from './run-statements';
import { timestampOf } from '../storage/timestamp';

/** Options of {@link SqlJobQueue}. */
export interface SqlJobQueueOptions {
  /** Concurrent RUNNING jobs of a project without its own `maxConcurrentJobs` (AP_DEFAULT_CONCURRENT_JOBS_LIMIT). */
  defaultConcurrentJobsLimit: number;
  /** How long a claim holds a job without being extended, in ms. */
  leaseMs: number;
  /** Timestamps of rows (`created`, `updated`): the server's monotonic clock. */
  timestamp: () => string;
  /** Wall-clock milliseconds, for availability and leases (default `Date.now`). */
  wallClock?: () => number;
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
  private readonly wallClock: () => number;
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
    this.wallClock = options.wallClock ?? Date.now;
  }

  async enqueue(trx: Kysely<Database>, job: NewJob, claimedBy?: string): Promise<string> {
    const id = generateTimeOrderedId();
    const now = this.options.timestamp();
    const claimed = claimedBy !== undefined;
    await insertJobRow.run(trx, {
      id,
      runId: job.runId,
      projectId: job.projectId,
      kind: job.kind,
      payload: job.payload === undefined ? null : toJson(job.payload),
      status: claimed ? 'RUNNING' : 'QUEUED',
      availableAt: job.availableAt ?? this.isoNow(),
      lockedBy: claimedBy ?? null,
      lockedUntil: claimed ? this.isoAt(this.options.leaseMs) : null,
      attempts: claimed ? 1 : 0,
      created: now,
      updated: now,
    });
    if (claimed) this.lastServed.set(job.projectId, ++this.serveCount);
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
      now: this.isoNow(),
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
    const available = await anyAvailableJob.run(this.store.db, { now: this.isoNow() });
    if (available.rows.length === 0) {
      if (this.additions === additionsBefore) this.knownEmpty = true;
      return [];
    }
    this.knownEmpty = false;
    return this.store.write(async (trx) => {
      // Claims of every process one at a time: each reads the free jobs, then takes them.
      await serialiseWrites(trx, 'job-claim');
      const now = this.isoNow();
      const rows = await this.pickJobs(trx, now, max);
      if (rows.length === 0) return [];
      await trx
        .updateTable('job')
        .set((eb) => ({
          status: 'RUNNING',
          lockedBy: workerId,
          lockedUntil: this.isoAt(this.options.leaseMs),
          attempts: eb('attempts', '+', 1),
          updated: this.options.timestamp(),
        }))
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
      const jobs = rows.map(claimedJob);
      return onClaimed ? onClaimed(trx, jobs) : jobs;
    });
  }

  async complete(trx: Kysely<Database>, jobId: string): Promise<void> {
    await deleteJob.run(trx, { id: jobId });
  }

  async discardWaiting(trx: Kysely<Database>, runIds: readonly string[]): Promise<void> {
    if (runIds.length === 0) return;
    await trx.deleteFrom('job').where('runId', 'in', runIds).where('status', '=', 'QUEUED').execute();
  }

  async heldRuns(trx: Kysely<Database>, runIds: readonly string[]): Promise<Set<string>> {
    if (runIds.length === 0) return new Set();
    const rows = await trx
      .selectFrom('job')
      .select('runId')
      .where('runId', 'in', runIds)
      .where('status', '=', 'RUNNING')
      .execute();
    return new Set(rows.map((row) => row.runId));
  }

  /** Nothing to announce: a committed row is visible to every claim. */
  announce(): void {}

  /** Never calls `wake`: jobs of other processes and ended delays are found by polling. */
  onAvailable(): () => void {
    return () => {};
  }

  /** Holds nothing of its own (the store is closed by its owner). */
  async close(): Promise<void> {}

  async release(jobId: string, availableAt?: string): Promise<void> {
    this.mayHaveAdded();
    await this.store.write((trx) =>
      trx
        .updateTable('job')
        .set({
          status: 'QUEUED',
          lockedBy: null,
          lockedUntil: null,
          availableAt: availableAt ?? this.isoNow(),
          updated: this.options.timestamp(),
        })
        .where('id', '=', jobId)
        .execute(),
    );
  }

  async extendLeases(workerId: string, jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await this.store.write((trx) =>
      trx
        .updateTable('job')
        .set({ lockedUntil: this.isoAt(this.options.leaseMs) })
        .where('id', 'in', jobIds)
        .where('lockedBy', '=', workerId)
        .execute(),
    );
  }

  async requeueExpired(options: { exceptWorkerId?: string; allOthers?: boolean } = {}): Promise<string[]> {
    const now = this.isoNow();
    const rows = await this.store.write((trx) =>
      trx
        .updateTable('job')
        .set({ status: 'QUEUED', lockedBy: null, lockedUntil: null, updated: this.options.timestamp() })
        .where('status', '=', 'RUNNING')
        .where((eb) => {
          const expired = eb('lockedUntil', '<', now);
          if (!options.allOthers || options.exceptWorkerId === undefined) return expired;
          return eb.or([expired, eb('lockedBy', 'is', null), eb('lockedBy', '!=', options.exceptWorkerId)]);
        })
        .returning('runId')
        .execute(),
    );
    if (rows.length > 0) this.mayHaveAdded();
    return rows.map((row) => row.runId);
  }

  /** The jobs to claim, fairly dealt (see the class comment). */
  private async pickJobs(trx: Kysely<Database>, now: string, max: number): Promise<Selectable<JobTable>[]> {
    const limit = this.options.defaultConcurrentJobsLimit;
    // Identifiers in double quotes: PostgreSQL folds unquoted ones to lower case.
    const { rows } = await sql<{ projectId: string; waiting: number; running: number; slots: number }>`
      select q."projectId" as "projectId", q.waiting as waiting, coalesce(r.running, 0) as running,
        coalesce(p."maxConcurrentJobs", ${limit}) - coalesce(r.running, 0) as slots
      from (select "projectId", min("availableAt") as oldest, count(*) as waiting from job
            where status = 'QUEUED' and "availableAt" <= ${now} group by "projectId") as q
      left join (select "projectId", count(*) as running from job
                 where status = 'RUNNING' group by "projectId") as r on r."projectId" = q."projectId"
      left join project as p on p.id = q."projectId"
      where coalesce(p."maxConcurrentJobs", ${limit}) - coalesce(r.running, 0) > 0
      order by q.oldest, q."projectId"`.execute(trx);
    const candidates = rows.map((row) => ({
      projectId: row.projectId,
      running: Number(row.running),
      left: Math.min(Number(row.waiting), Number(row.slots)),
      taken: 0,
    }));
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

  private isoNow(): string {
    return timestampOf(this.wallClock());
  }

  private isoAt(offsetMs: number): string {
    return timestampOf(this.wallClock() + offsetMs);
  }
}

function claimedJob(row: Selectable<JobTable>): ClaimedJob {
  return {
    id: row.id,
    runId: row.runId,
    projectId: row.projectId,
    kind: row.kind as JobKind,
    payload: fromJson<unknown>(row.payload),
    attempts: row.attempts + 1,
  };
}
