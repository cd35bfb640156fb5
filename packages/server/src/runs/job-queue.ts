/**
 * The durable queue of run jobs, as the run machinery sees it. The embedded implementation is a
 * table of the database ({@link SqlJobQueue}); a BullMQ one (AP_REDIS_URL) can replace it behind
 * this interface. A job is QUEUED until a worker claims it; a claimed job is RUNNING under a
 * lease that its worker extends while it runs. A job whose lease ran out (its worker vanished) is
 * queued again by {@link JobQueue.requeueExpired}, so no acknowledged run is ever lost.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../storage/database';

/** What a job asks of a worker: a new run, a resume, a retry from the failed step, or one step. */
export const JobKind = z.enum(['EXECUTE', 'RESUME', 'RETRY_FROM_FAILED_STEP', 'TEST_STEP']);
export type JobKind = z.infer<typeof JobKind>;

/** The states of a job row. Finished jobs are deleted, not kept. */
export const JobStatus = z.enum(['QUEUED', 'RUNNING']);
export type JobStatus = z.infer<typeof JobStatus>;

/** A job to add. */
export interface NewJob {
  runId: string;
  projectId: string;
  kind: JobKind;
  /** What the kind needs beyond the run (a resume payload...); JSON. */
  payload?: unknown;
  /** Not claimed before this instant (ISO-8601); default now. */
  availableAt?: string | undefined;
}

/** A job a worker holds. */
export interface ClaimedJob {
  id: string;
  runId: string;
  projectId: string;
  kind: JobKind;
  payload: unknown;
  /** How many times the job was claimed, this claim included (more than 1: taken up again). */
  attempts: number;
}

/**
 * Called inside the claim's transaction with the jobs about to be handed out; answers what to
 * hand out for them (jobs left out must have been removed in `trx`). Lets the caller mark the
 * runs RUNNING in the same commit as the claim.
 */
export type OnClaimed<T> = (trx: Kysely<Database>, jobs: ClaimedJob[]) => Promise<T[]>;

/** The queue. Methods taking `trx` write inside the caller's transaction. */
export interface JobQueue {
  /**
   * Adds a job in `trx` and answers its id: QUEUED (claimable once `trx` commits), or, with
   * `claimedBy`, already RUNNING under that worker's lease as its first attempt (only after
   * {@link mayClaimNew} said yes in the same transaction).
   */
  enqueue(trx: Kysely<Database>, job: NewJob, claimedBy?: string): Promise<string>;
  /**
   * Claims up to `max` available jobs for `workerId`, within the per-project concurrency limits,
   * oldest first and fairly across projects (one busy project never starves the others).
   */
  claim(workerId: string, max: number): Promise<ClaimedJob[]>;
  claim<T>(workerId: string, max: number, onClaimed: OnClaimed<T>): Promise<T[]>;
  /**
   * Whether a new job of `projectId` may be inserted already claimed ({@link enqueue} with
   * `claimedBy`) in `trx`: no other job is available (the queue's order and fairness hold) and
   * the project runs fewer jobs than its limit. Saves a claim transaction and a wake-up when the
   * process has a free slot. An implementation may always answer false.
   */
  mayClaimNew(trx: Kysely<Database>, projectId: string): Promise<boolean>;
  /**
   * False only when the queue knows that no job is available now: its last look found none, and
   * no job was added, released or queued again through it since. Lets a worker that just ended a
   * job skip looking. Jobs that become available with time (delays) or come from another process
   * are found by polling, which looks anyway. An implementation may always answer true.
   */
  mayHaveAvailable(): boolean;
  /** Removes a finished job, in `trx`. */
  complete(trx: Kysely<Database>, jobId: string): Promise<void>;
  /** Gives a claimed job back to the queue (claimable again from `availableAt`, default now). */
  release(jobId: string, availableAt?: string): Promise<void>;
  /** Extends the leases of the jobs `workerId` holds. */
  extendLeases(workerId: string, jobIds: readonly string[]): Promise<void>;
  /**
   * Queues again the RUNNING jobs whose lease ran out, and those held by another worker than
   * `exceptWorkerId` when `allOthers` is set (at start: the previous process is gone). Answers
   * the run ids of the jobs queued again.
   */
  requeueExpired(options?: { exceptWorkerId?: string; allOthers?: boolean }): Promise<string[]>;
}
