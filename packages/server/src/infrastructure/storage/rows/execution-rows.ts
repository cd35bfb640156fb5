/**
 * The rows of the tables runs execute with: runs, step records, the job queue, waitpoints, schedules, store entries, trigger sources and their events, app event listeners.
 * Column conventions: see `../database.ts`.
 */
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { SqlBoolean, JsonText, Timestamp, Timestamps } from './column-types';

/** `flowRun`: one run of a flow version; its step records live in `flowRunStep`. */
export interface FlowRunTable extends Timestamps {
  id: string;
  projectId: string;
  platformId: string;
  flowId: string;
  flowVersionId: string;
  /** The version's display name when the run was created (events and lists). */
  flowDisplayName: string;
  /** PRODUCTION or TESTING. */
  environment: string;
  status: string;
  triggeredBy: string | null;
  parentRunId: string | null;
  failParentOnFailure: Generated<SqlBoolean>;
  /** JSON array of strings. */
  tags: JsonText | null;
  stepNameToTest: string | null;
  /** The trigger payload (kept so a QUOTA_EXCEEDED or failed run can be retried). */
  triggerPayload: JsonText | null;
  /** JSON `{name, displayName, message}`. */
  failedStep: JsonText | null;
  /**
   * JSON pause metadata of a PAUSED run (DELAY `{resumeDateTime}` / WEBHOOK `{requestId, response}`),
   * with `pausedPath`, the place of the step that paused.
   */
  pause: JsonText | null;
  /** JSON `{status, body, headers}` the flow answered with (sync webhooks). */
  response: JsonText | null;
  stepsCount: Generated<number>;
  logsFileId: string | null;
  internalError: string | null;
  startTime: Timestamp | null;
  finishTime: Timestamp | null;
  archivedAt: Timestamp | null;
  /** When the stuck-run watchdog alerted about the run (it alerts once per run), or null. */
  stuckReportedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a person ended the run by hand (ending stuck runs with a reason), or null. */
  endReason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The run's `updated` when its search document was written (null: not indexed yet). */
  searchIndexedAt: Timestamp | null;
}

/** `flowRunStep`: a finished step's record, written as the step finishes; `path` is unique per run. */
export interface FlowRunStepTable {
  runId: string;
  /** The step's place: `step_2`, or `step_1[0].step_2` inside iteration 0 of loop `step_1`. */
  path: string;
  stepName: string;
  /** Order of arrival within the run. */
  position: number;
  /** JSON `StepOutput`. */
  record: JsonText;
  created: Timestamp;
}

/** `job`: the durable queue. A job is QUEUED until a worker claims it (RUNNING, with a lease). */
export interface JobTable extends Timestamps {
  id: string;
  runId: string;
  projectId: string;
  /** EXECUTE, RESUME, RETRY_FROM_FAILED_STEP or TEST_STEP. */
  kind: string;
  /** JSON: what the kind needs beyond the run (a resume payload...). */
  payload: JsonText | null;
  status: string;
  /** Not claimed before this instant (delays, retries). */
  availableAt: Timestamp;
  lockedBy: string | null;
  /** The claim's lease: after it, the job is taken up again (its worker vanished). */
  lockedUntil: Timestamp | null;
  attempts: Generated<number>;
}

/** `waitpoint`: where a PAUSED run waits: a time (DELAY) or a resume URL (WEBHOOK, `id` = requestId). */
export interface WaitpointTable {
  id: string;
  runId: string;
  type: string;
  resumeAt: Timestamp | null;
  created: Timestamp;
}

/** `schedule`: the next due time of an enabled flow with a schedule trigger. */
export interface ScheduleTable extends Timestamps {
  flowId: string;
  projectId: string;
  flowVersionId: string;
  cronExpression: string;
  timezone: string;
  nextRunAt: Timestamp;
}

/** `storeEntry`: the Store piece's key/value pairs, per project (flow-scoped keys are prefixed). */
export interface StoreEntryTable {
  projectId: string;
  key: string;
  value: JsonText;
  updated: Timestamp;
}

/**
 * `triggerSource`: the trigger of an enabled flow whose `onEnable` ran (not the schedule piece's):
 * strategy, and for POLLING its cron and next poll, for a renewing WEBHOOK its renewal cron and
 * next renewal.
 */
export interface TriggerSourceTable extends Timestamps {
  flowId: string;
  projectId: string;
  flowVersionId: string;
  pieceName: string;
  pieceVersion: string;
  triggerName: string;
  strategy: string;
  pollCron: string | null;
  pollTimezone: string | null;
  nextPollAt: Timestamp | null;
  renewCron: string | null;
  nextRenewAt: Timestamp | null;
}

/** `triggerEvent`: an item a poll returned whose run is still to be created (the poll outbox). */
export interface TriggerEventTable {
  id: string;
  flowId: string;
  projectId: string;
  flowVersionId: string;
  payload: JsonText;
  created: Timestamp;
}

/** `appEventListener`: an APP_WEBHOOK trigger's listener (`ctx.app.createListeners`), per event. */
export interface AppEventListenerTable {
  flowId: string;
  projectId: string;
  pieceName: string;
  event: string;
  identifierValue: string;
}

/** A `flowRun` row as read. */
export type FlowRunRow = Selectable<FlowRunTable>;
