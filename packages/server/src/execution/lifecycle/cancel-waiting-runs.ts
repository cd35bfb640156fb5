/**
 * The move `cancel`: runs waiting for a worker (QUEUED) or a resume (PAUSED) end CANCELED in one
 * transaction, their waiting jobs, waitpoints and open agent runs removed or ended. A RUNNING run is not canceled here: its
 * execution is stopped and its end written CANCELED by the move `end` (see `../cancel-runs.ts`).
 */
import { FlowRunStatus } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { cancelAgentRunsOf } from '../agents/agent-run-rows';
import type { Database } from '../../infrastructure/storage/database';
import type { RunQueue } from '../run-queue';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import { moveRuns, RUN_MOVES } from './run-moves';
import { failParentOf } from './subflow-parent';

/**
 * Cancels those of `runIds` that are runs of `projectId` waiting for a worker or a resume (and
 * whose job no worker holds): they
 * become CANCELED (finished `now`), their waiting jobs and waitpoints are removed, and a canceled
 * sub-flow run called with "wait for response" fails its waiting caller, all in `trx`. Answers
 * the canceled rows.
 */
export async function cancelWaitingRuns(
  trx: Kysely<Database>,
  queue: RunQueue,
  projectId: string,
  runIds: readonly string[],
  now: string,
): Promise<FlowRunRow[]> {
  const candidates = await trx
    .selectFrom('flowRun')
    .select('id')
    .where('projectId', '=', projectId)
    .where('id', 'in', runIds)
    .where('status', 'in', RUN_MOVES.cancel.from)
    .execute();
  // A run whose job a worker holds is that worker's to end (it is about to start or resume).
  const held = await queue.heldRuns(
    trx,
    candidates.map((row) => row.id),
  );
  const ids = await moveRuns(
    trx,
    'cancel',
    candidates.map((row) => row.id).filter((id) => !held.has(id)),
    FlowRunStatus.enum.CANCELED,
    { finishTime: now, pause: null, updated: now },
  );
  if (ids.length === 0) return [];
  await queue.discardWaiting(trx, ids);
  await trx.deleteFrom('waitpoint').where('runId', 'in', ids).execute();
  await cancelAgentRunsOf(trx, ids, now);
  const rows = await trx.selectFrom('flowRun').selectAll().where('id', 'in', ids).execute();
  for (const row of rows) await failParentOf(trx, queue, row, now);
  return rows;
}
