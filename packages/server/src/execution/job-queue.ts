/**
 * The durable queue of run jobs, as the run machinery sees it: runs and jobs, no SQL. The
 * embedded implementation is a table of the database (`SqlJobQueue`); on PostgreSQL with
 * AP_REDIS_URL, BullMQ delivers the jobs to every worker process. A job is QUEUED until a worker
 * claims it; a claimed job is RUNNING under a lease that its worker extends while it runs. A job
 * whose lease ran out (its worker vanished) is queued again by {@link JobQueue.requeueExpired}, so
 * no acknowledged run is ever lost.
 *
 * `Write` is the store's transaction: methods taking one change the queue together with the run's
 * row (both commit or neither). The queue never sees what it is beyond passing it to its own
 * statements.
 */
import { z } from 'zod';

/**
 * What a job asks of a worker: a new run, a resume, a retry from the failed step, one step, or
 * the agent of a run PAUSED on an agent step (payload `{agentRunId}`; the run stays PAUSED).
 */
export const JobKind = z.enum(['EXECUTE', 'RESUME', 'RETRY_FROM_FAILED_STEP', 'TEST_STEP', 'AGENT']);
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
 * hand out for them (jobs left out must have been removed in `write`). Lets the caller mark the
 * runs RUNNING in the same commit as the claim.
 */
export type OnClaimed<Write, T> = (write: Write, jobs: ClaimedJob[]) => Promise<T[]>;

/** The queue. Methods taking `write` change it inside the caller's transaction. */
export interface JobQueue<Write> {
  /**
   * Adds a job in `write` and answers its id: QUEUED (claimable once `write` commits), or, with
   * `claimedBy`, already RUNNING under that worker's lease as its first attempt (only after
   * {@link mayClaimNew} said yes in the same transaction).
   */
  enqueue(write: Write, job: NewJob, claimedBy?: string): Promise<string>;
  /**
   * Claims up to `max` available jobs for `workerId`, within the per-project concurrency limits,
   * oldest first and fairly across projects (one busy project never starves the others).
   */
  claim(workerId: string, max: number): Promise<ClaimedJob[]>;
  claim<T>(workerId: string, max: number, onClaimed: OnClaimed<Write, T>): Promise<T[]>;
  /**
   * Whether a new job of `projectId` may be inserted already claimed ({@link enqueue} with
   * `claimedBy`) in `write`: no other job is available (the queue's order and fairness hold) and
   * the project runs fewer jobs than its limit. Saves a claim transaction and a wake-up when the
   * process has a free slot. An implementation may always answer false.
   */
  mayClaimNew(write: Write, projectId: string): Promise<boolean>;
  /**
   * False only when the queue knows that no job is available now: its last look found none, and
   * no job was added, released or queued again through it since. Lets a worker that just ended a
   * job skip looking. Jobs that become available with time (delays) or come from another process
   * are found by polling, which looks anyway. An implementation may always answer true.
   */
  mayHaveAvailable(): boolean;
  /** Removes a finished job, in `write`. */
  complete(write: Write, jobId: string): Promise<void>;
  /** Removes finished jobs `jobIds`, in `write`, in one statement: the jobs of a batch of run ends. */
  completeAll(write: Write, jobIds: readonly string[]): Promise<void>;
  /**
   * Removes the jobs of `runIds` that wait for a worker (QUEUED, delayed ones included), in
   * `write`: the runs were canceled, or a resume replaces a pending delay. Jobs a worker holds stay.
   */
  discardWaiting(write: Write, runIds: readonly string[]): Promise<void>;
  /** Those of `runIds` whose job a worker holds now (claimed, RUNNING), read in `write`. */
  heldRuns(write: Write, runIds: readonly string[]): Promise<Set<string>>;
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
  /**
   * Calls `wake` whenever jobs may have become available that this process did not add (another
   * process's, a delay ending), so its claim loop looks at once instead of at its next poll.
   * Answers a function that stops the calls. The table queue never calls it (polling finds them).
   */
  onAvailable(wake: () => void): () => void;
  /** Releases what the queue holds (connections, timers); the queue cannot be used afterwards. */
  close(): Promise<void>;
}
