/**
 * The contract between the run machinery (queue, workers, engine) and everything that starts,
 * waits for, resumes or reads runs (webhooks, the run API, schedules). Built by
 * `createRunRuntime(base)` at server start; reached as `ctx.runs`.
 */
import type { EventEmitter } from 'eventemitter3';
import type { FlowRun, RunEnvironment } from '@piecework/shared';
import type { RunProject } from './lifecycle/start-runs';

/** What a new run needs. */
export interface NewRun {
  /** The run's id when the caller needs it before the run exists (default: a new time-ordered id). */
  id?: string | undefined;
  projectId: string;
  platformId: string;
  flowId: string;
  flowVersionId: string;
  /** The version's display name (kept on the run for lists and events). */
  flowDisplayName: string;
  environment: RunEnvironment;
  /** What the trigger received: for webhooks `{method, headers, body, queryParams, rawBody}`. */
  triggerPayload: unknown;
  /** Who or what started it, e.g. `WEBHOOK`, `SCHEDULE`, `MANUAL`, a user id. */
  triggeredBy?: string | undefined;
  /** Test one step only (TEST_STEP job). */
  stepNameToTest?: string | undefined;
  /** The run that called this one as a sub-flow (a run of the same project: the caller checks). */
  parentRunId?: string | undefined;
  /** Whether this run failing resumes its parent with an error (the parent's step then fails). */
  failParentOnFailure?: boolean | undefined;
  /** The project's names for the run's events, when the caller has them (else they are read). */
  project?: RunProject | undefined;
}

/** The answer a flow gives a synchronous caller ("Return Response" / stop with a response). */
export interface FlowResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * A created run: queued (its row and job committed together), or refused for lack of credits
 * (recorded QUOTA_EXCEEDED with its trigger payload, no job).
 */
export interface CreatedRun {
  run: FlowRun;
  queued: boolean;
}

/** What a synchronous caller gets: the flow's response (null when it finished without one), or a timeout. */
export type AwaitedResponse =
  | { kind: 'RESPONDED'; response: FlowResponse; run: FlowRun | null }
  | { kind: 'FINISHED'; run: FlowRun }
  | { kind: 'TIMED_OUT' };

/** A job kind other than EXECUTE, for runs that exist already. */
export type FollowUpJob =
  { kind: 'RESUME'; resumePayload: unknown; waitpointId: string } | { kind: 'RETRY_FROM_FAILED_STEP' };

/** Events of the run machinery (in-process). */
export interface RunRuntimeEvents {
  /** A run reached a terminal status (row committed). */
  'run.finished': (run: FlowRun) => void;
  /** A run paused (row and waitpoint committed). */
  'run.paused': (run: FlowRun) => void;
  /** A running flow answered its synchronous caller. */
  'run.responded': (runId: string, response: FlowResponse) => void;
}

/** The run machinery of one server process. */
export interface RunRuntime {
  /**
   * Creates a run and its job in ONE transaction and wakes a worker (when this process has a free
   * slot and no other job waits, the job is claimed in that same transaction and the run answered
   * RUNNING, not QUEUED). A PRODUCTION run consumes one
   * platform credit (never more than the balance, even under concurrent calls); with none left the
   * run is recorded QUOTA_EXCEEDED with its payload and `queued` is false. TESTING runs are free.
   */
  createRun(run: NewRun): Promise<CreatedRun>;
  /**
   * Cancels runs of `projectId` whatever their state: QUEUED and PAUSED ones at once, RUNNING ones
   * by stopping their execution (within moments, their finished steps kept). Answers each named
   * run of the project as it is after: CANCELED, or the end it already had.
   */
  cancel(projectId: string, runIds: readonly string[]): Promise<FlowRun[]>;
  /** Queues a follow-up job for an existing run (resume of a paused run, retry from its failed step). */
  enqueue(runId: string, job: FollowUpJob): Promise<void>;
  /**
   * Waits for run `runId` to respond or finish, at most `timeoutMs`. Subscribe before the run can
   * start (call it right after `createRun`): responses are not replayed.
   */
  awaitResponse(runId: string, timeoutMs: number, signal?: AbortSignal): Promise<AwaitedResponse>;
  /** The run with its `steps` (assembled from the step records), or null. */
  getRun(runId: string): Promise<FlowRun | null>;
  readonly events: EventEmitter<RunRuntimeEvents>;
  /** How many jobs this process has taken and executed since it started (0 in an APP process). */
  executedCount(): number;
  /** Takes up runs left QUEUED or RUNNING by a previous process, then starts the workers and timers. */
  start(): Promise<void>;
  /** Stops taking jobs, waits for running ones (up to a grace period) and stops the timers. */
  stop(): Promise<void>;
}
