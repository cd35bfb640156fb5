/**
 * A sub-flow run that fails its caller: when a run recorded with `failParentOnFailure` (a
 * `callFlow` that waits for the response) ends in any way but SUCCEEDED, its parent run resumes
 * with Activepieces' failure answer `{status: 'error', data: {message: 'Subflow
 * execution failed', ...}}` on the waitpoint the call named in its `callbackUrl`, so the
 * parent's `callFlow` step fails. Both moves happen in the transaction that writes the child's end.
 *
 * The child can end before its parent has paused (the parent pauses only once the call has
 * answered). The failure is then left as a marker waitpoint of the parent under the same id
 * (type `CHILD_FAILED:<child run id>`), which nothing can resume from outside (the resume URL
 * takes WEBHOOK waitpoints only); the parent's pause finds it and resumes at once
 * ({@link resumeOnEarlyChildFailure}). The child's end locks the parent's row before reading it,
 * and the parent's pause has written that row before it looks for the marker, so on PostgreSQL,
 * where the two can commit at the same time from two workers, one always sees the other's write.
 */
import { FlowRunStatus, isTerminalRunStatus } from '@piecework/shared';
import type { ResumePayload } from '@piecework/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import { queueResume } from './follow-up-jobs';
import type { RunQueue } from '../run-queue';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';

const MARKER_PREFIX = 'CHILD_FAILED:';

/** What a failed sub-flow resumes its parent with (Activepieces' message, and the child run's id). */
export function childFailurePayload(childRunId: string): ResumePayload {
  return {
    body: { status: 'error', data: { message: 'Subflow execution failed', flowRunId: childRunId } },
    headers: {},
    queryParams: {},
  };
}

/**
 * The id of the parent's waitpoint a sub-flow run answers: the request id of the `callbackUrl`
 * in its trigger output (`.../v1/flow-runs/<parentRunId>/requests/<requestId>`), when that URL
 * names `parentRunId`; undefined otherwise (a call that does not wait has no callback).
 */
export function callbackRequestId(triggerPayload: string | null, parentRunId: string): string | undefined {
  // A callable flow's trigger output is the call's body `{data, callbackUrl}` (subflowRunStart).
  const url = fromJson<{ callbackUrl?: unknown } | null>(triggerPayload)?.callbackUrl;
  if (typeof url !== 'string') return undefined;
  const match = /\/v1\/flow-runs\/([0-9a-zA-Z]+)\/requests\/([0-9a-zA-Z]+)(?:[/?]|$)/.exec(url);
  return match !== null && match[1] === parentRunId ? match[2] : undefined;
}

/**
 * Fails the parent of `child` (just ended, in `trx`) when the child was recorded with
 * `failParentOnFailure` and did not succeed: resumes the PAUSED parent with
 * {@link childFailurePayload}, or leaves the marker its pause will find. Nothing for a parent
 * that has ended, or of another project.
 */
export async function failParentOf(
  trx: Kysely<Database>,
  queue: RunQueue,
  child: FlowRunRow,
  now: string,
): Promise<void> {
  const status = child.status as FlowRunStatus;
  if (child.failParentOnFailure !== 1 || child.parentRunId === null) return;
  if (status === FlowRunStatus.enum.SUCCEEDED || !isTerminalRunStatus(status)) return;
  const requestId = callbackRequestId(child.triggerPayload, child.parentRunId);
  if (requestId === undefined) return;
  await lockRowForWrite(trx, 'flowRun', child.parentRunId);
  const parent: FlowRunRow | undefined = await trx
    .selectFrom('flowRun')
    .selectAll()
    .where('id', '=', child.parentRunId)
    .where('projectId', '=', child.projectId)
    .executeTakeFirst();
  if (parent === undefined || isTerminalRunStatus(parent.status as FlowRunStatus)) return;
  if (parent.status === FlowRunStatus.enum.PAUSED) {
    const waiting = await trx
      .selectFrom('waitpoint')
      .select('id')
      .where('id', '=', requestId)
      .where('runId', '=', parent.id)
      .where('type', '=', 'WEBHOOK')
      .executeTakeFirst();
    if (waiting !== undefined) {
      await queueResume(trx, queue, parent, requestId, childFailurePayload(child.id), now);
      return;
    }
  }
  await trx
    .insertInto('waitpoint')
    .values({
      id: requestId,
      runId: parent.id,
      type: `${MARKER_PREFIX}${child.id}`,
      resumeAt: null,
      created: now,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Called as `paused` (just written PAUSED in `trx`) waits on WEBHOOK waitpoint `requestId`:
 * when a sub-flow it called has already failed it (the marker of {@link failParentOf}), resumes
 * it at once with the failure and answers the row as written (QUEUED); otherwise answers undefined.
 */
export async function resumeOnEarlyChildFailure(
  trx: Kysely<Database>,
  queue: RunQueue,
  paused: FlowRunRow,
  requestId: string,
  now: string,
): Promise<FlowRunRow | undefined> {
  const marker = await trx
    .selectFrom('waitpoint')
    .select('type')
    .where('id', '=', requestId)
    .where('runId', '=', paused.id)
    .executeTakeFirst();
  if (marker === undefined || !marker.type.startsWith(MARKER_PREFIX)) return undefined;
  const childRunId = marker.type.slice(MARKER_PREFIX.length);
  await queueResume(trx, queue, paused, requestId, childFailurePayload(childRunId), now);
  return { ...paused, status: FlowRunStatus.enum.QUEUED, updated: now };
}
