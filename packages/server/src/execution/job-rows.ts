/**
 * The `job` table's rows as every queue writes them: the table is the truth of pending work in
 * every mode (a run's row and its job row commit in one transaction). `SqlJobQueue` claims
 * from it directly; `BullJobQueue` claims the rows BullMQ delivered.
 */
import { generateTimeOrderedId } from '@piecework/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, JobTable } from '../infrastructure/storage/database';
import { fromJson, toJson } from '../infrastructure/storage/json-column';
import { timestampOf } from '../infrastructure/storage/timestamp';
import type { ClaimedJob, JobKind, NewJob } from './job-queue';
import { deleteJob, deleteJobs, insertJobRow } from './run-statements';

/** Options of {@link JobRows}. */
export interface JobRowsOptions {
  /** How long a claim holds a job without being extended, in ms. */
  leaseMs: number;
  /** Timestamps of rows (`created`, `updated`): the server's monotonic clock. */
  timestamp: () => string;
  /** Wall-clock milliseconds, for availability and leases (default `Date.now`). */
  wallClock?: () => number;
}

/** A job row's identity: its id, its run and the run's project. */
export interface JobRef {
  id: string;
  runId: string;
  projectId: string;
}

/** The statements over `job` rows a queue runs; use one per queue, with the queue's clocks. */
export class JobRows {
  private readonly wallClock: () => number;

  constructor(private readonly options: JobRowsOptions) {
    this.wallClock = options.wallClock ?? Date.now;
  }

  /** Inserts a job row, QUEUED or (with `claimedBy`) RUNNING under a lease; answers it. */
  async insert(
    trx: Kysely<Database>,
    job: NewJob,
    claimedBy?: string,
  ): Promise<{ id: string; availableAt: string }> {
    const id = generateTimeOrderedId();
    const now = this.options.timestamp();
    const claimed = claimedBy !== undefined;
    const availableAt = job.availableAt ?? this.isoNow();
    await insertJobRow.run(trx, {
      id,
      runId: job.runId,
      projectId: job.projectId,
      kind: job.kind,
      payload: job.payload === undefined ? null : toJson(job.payload),
      status: claimed ? 'RUNNING' : 'QUEUED',
      availableAt,
      lockedBy: claimedBy ?? null,
      lockedUntil: claimed ? this.leaseEnd() : null,
      attempts: claimed ? 1 : 0,
      created: now,
      updated: now,
    });
    return { id, availableAt };
  }

  /** Marks rows `ids` RUNNING under `workerId`'s lease, one more attempt each. */
  async claim(trx: Kysely<Database>, ids: readonly string[], workerId: string): Promise<void> {
    if (ids.length === 0) return;
    await trx
      .updateTable('job')
      .set((eb) => ({
        status: 'RUNNING',
        lockedBy: workerId,
        lockedUntil: this.leaseEnd(),
        attempts: eb('attempts', '+', 1),
        updated: this.options.timestamp(),
      }))
      .where('id', 'in', ids)
      .execute();
  }

  /** Deletes a finished job's row. */
  async delete(trx: Kysely<Database>, jobId: string): Promise<void> {
    await deleteJob.run(trx, { id: jobId });
  }

  /** Deletes the rows of finished jobs `jobIds`, in one statement. */
  async deleteAll(trx: Kysely<Database>, jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 1) await deleteJob.run(trx, { id: jobIds[0]! });
    else if (jobIds.length > 1) await deleteJobs(jobIds.length).run(trx, jobIds);
  }

  /** Deletes the QUEUED rows of `runIds`; answers their ids. */
  async discardWaiting(trx: Kysely<Database>, runIds: readonly string[]): Promise<string[]> {
    if (runIds.length === 0) return [];
    const rows = await trx
      .deleteFrom('job')
      .where('runId', 'in', runIds)
      .where('status', '=', 'QUEUED')
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Those of `runIds` with a RUNNING row. */
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

  /** Puts row `jobId` back to QUEUED, available from `availableAt` (default now); answers that instant. */
  async release(trx: Kysely<Database>, jobId: string, availableAt?: string): Promise<string> {
    const at = availableAt ?? this.isoNow();
    await trx
      .updateTable('job')
      .set({
        status: 'QUEUED',
        lockedBy: null,
        lockedUntil: null,
        availableAt: at,
        updated: this.options.timestamp(),
      })
      .where('id', '=', jobId)
      .execute();
    return at;
  }

  /** Extends the leases of the rows `workerId` holds among `jobIds`. */
  async extendLeases(trx: Kysely<Database>, workerId: string, jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    await trx
      .updateTable('job')
      .set({ lockedUntil: this.leaseEnd() })
      .where('id', 'in', jobIds)
      .where('lockedBy', '=', workerId)
      .execute();
  }

  /** Puts back to QUEUED the RUNNING rows whose lease ran out (see `JobQueue.requeueExpired`); answers them. */
  async requeueExpired(
    trx: Kysely<Database>,
    options: { exceptWorkerId?: string; allOthers?: boolean },
  ): Promise<JobRef[]> {
    const now = this.isoNow();
    return trx
      .updateTable('job')
      .set({ status: 'QUEUED', lockedBy: null, lockedUntil: null, updated: this.options.timestamp() })
      .where('status', '=', 'RUNNING')
      .where((eb) => {
        const expired = eb('lockedUntil', '<', now);
        if (!options.allOthers || options.exceptWorkerId === undefined) return expired;
        return eb.or([expired, eb('lockedBy', 'is', null), eb('lockedBy', '!=', options.exceptWorkerId)]);
      })
      .returning(['id', 'runId', 'projectId'])
      .execute();
  }

  /** Now on the wall clock, as a row timestamp. */
  isoNow(): string {
    return timestampOf(this.wallClock());
  }

  /** Now on the wall clock, in ms. */
  nowMs(): number {
    return this.wallClock();
  }

  private leaseEnd(): string {
    return timestampOf(this.wallClock() + this.options.leaseMs);
  }
}

/** The job a worker is handed for a claimed row (its attempts counting this claim). */
export function claimedJob(row: Selectable<JobTable>): ClaimedJob {
  return {
    id: row.id,
    runId: row.runId,
    projectId: row.projectId,
    kind: row.kind as JobKind,
    payload: fromJson<unknown>(row.payload),
    attempts: row.attempts + 1,
  };
}
