/**
 * The moves of a run between the API's run statuses, and the one place that writes a run's status.
 *
 * Every status change of a stored run is one of {@link RUN_MOVES}, made by {@link moveRuns} (or,
 * for a run's end on the hot path, by the compiled statement `updateRunEnd`, which carries the
 * same guard). The guard is part of the UPDATE (`where status in <from>`), so a move that lost a
 * race (the run was canceled, resumed or ended meanwhile) changes nothing instead of overwriting
 * a newer status. A new run is inserted with one of {@link CREATED_STATUSES}.
 *
 * The functions of this folder are the moves themselves (create, start, end, resume, retry,
 * requeue, cancel): each writes its status through here, and emits its audit event and its queue
 * effect in the same transaction.
 */
import { FlowRunStatus } from '@piecework/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Database, FlowRunTable } from '../../infrastructure/storage/database';

const S = FlowRunStatus.enum;

/** How an execution ends when it does not pause: the engine's and the runner's end statuses. */
export const EXECUTION_END_STATUSES = [
  S.SUCCEEDED,
  S.FAILED,
  S.TIMEOUT,
  S.MEMORY_LIMIT_EXCEEDED,
  S.LOG_SIZE_EXCEEDED,
  S.INTERNAL_ERROR,
  S.CANCELED,
] as const satisfies readonly FlowRunStatus[];

/** Statuses a run can be retried from its failed step in. */
export const RETRYABLE_STATUSES = [
  S.FAILED,
  S.TIMEOUT,
  S.MEMORY_LIMIT_EXCEEDED,
  S.LOG_SIZE_EXCEEDED,
  S.INTERNAL_ERROR,
  S.QUOTA_EXCEEDED,
] as const satisfies readonly FlowRunStatus[];

/**
 * What a new run is stored as: QUEUED (its job waits), RUNNING (its job was claimed in the
 * transaction that created it) or QUOTA_EXCEEDED (no credits: recorded, never executed).
 */
export const CREATED_STATUSES = [
  S.QUEUED,
  S.RUNNING,
  S.QUOTA_EXCEEDED,
] as const satisfies readonly FlowRunStatus[];

/** A move: the statuses it leaves from and those it may lead to. */
export interface RunMove {
  readonly from: readonly FlowRunStatus[];
  readonly to: readonly FlowRunStatus[];
}

/** Every move a stored run can make. */
export const RUN_MOVES = {
  /**
   * A worker claimed the run's job: a queued run starts (or resumes), a paused run's delay is
   * over, a run whose worker vanished is taken up again.
   */
  start: { from: [S.QUEUED, S.PAUSED, S.RUNNING], to: [S.RUNNING] },
  /** The execution paused (a delay, a webhook, a sub-flow call). */
  pause: { from: [S.RUNNING], to: [S.PAUSED] },
  /** The execution ended. */
  end: { from: [S.RUNNING], to: EXECUTION_END_STATUSES },
  /** A paused run was resumed: its RESUME job waits for a worker. */
  resume: { from: [S.PAUSED], to: [S.QUEUED] },
  /** A run that failed (or found no credits) is queued again from its failed step. */
  retry: { from: RETRYABLE_STATUSES, to: [S.QUEUED] },
  /** The worker of a running run stopped or vanished: its job waits for a worker again. */
  requeue: { from: [S.RUNNING], to: [S.QUEUED] },
  /** A run waiting for a worker or a resume was canceled (a running one ends CANCELED through `end`). */
  cancel: { from: [S.QUEUED, S.PAUSED], to: [S.CANCELED] },
} as const satisfies Record<string, RunMove>;

/** The name of a move of {@link RUN_MOVES}. */
export type RunMoveName = keyof typeof RUN_MOVES;

/** Whether a run in status `from` may move to `to` by some move. */
export function isRunMoveAllowed(from: FlowRunStatus, to: FlowRunStatus): boolean {
  return Object.values(RUN_MOVES).some((move: RunMove) => move.from.includes(from) && move.to.includes(to));
}

/** Columns a move may set beside the status. */
export type RunMoveColumns = Omit<Updateable<FlowRunTable>, 'status' | 'id'>;

/**
 * Moves the runs `runIds` that are in one of `move`'s from-statuses to `to`, setting `columns`
 * too, in `trx`; answers the ids moved (those that were elsewhere are left as they are). Throws
 * when `to` is not a status `move` leads to: a bug, not a race.
 */
export async function moveRuns(
  trx: Kysely<Database>,
  moveName: RunMoveName,
  runIds: readonly string[],
  to: FlowRunStatus,
  columns: RunMoveColumns,
): Promise<string[]> {
  const move: RunMove = RUN_MOVES[moveName];
  if (!move.to.includes(to)) throw new Error(`A run cannot ${moveName} to ${to}`);
  if (runIds.length === 0) return [];
  const rows = await trx
    .updateTable('flowRun')
    .set({ ...columns, status: to })
    .where('id', 'in', runIds)
    .where('status', 'in', move.from)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * {@link moveRuns} for one run that must be in a from-status: throws {@link RunMoveRefused} when
 * it is not, which rolls the caller's transaction back.
 */
export async function moveRun(
  trx: Kysely<Database>,
  moveName: RunMoveName,
  runId: string,
  to: FlowRunStatus,
  columns: RunMoveColumns,
): Promise<void> {
  const moved = await moveRuns(trx, moveName, [runId], to, columns);
  if (moved.length === 0) throw new RunMoveRefused(runId, moveName, to);
}

/** A run was not in a status its move leaves from (it moved meanwhile); nothing was written. */
export class RunMoveRefused extends Error {
  constructor(
    readonly runId: string,
    readonly move: RunMoveName,
    readonly to: FlowRunStatus,
  ) {
    super(`Run ${runId} cannot ${move} to ${to}: it is no longer in a status that move leaves from`);
    this.name = 'RunMoveRefused';
  }
}
