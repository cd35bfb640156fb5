/**
 * Writes what an execution ended with, in one transaction with the step records not yet written:
 * - a terminal status: the run row (status, finish time, steps count, failed step, response,
 *   internal error), the job removed, flow.run.finished recorded;
 * - PAUSED: the run row (with its pause), the job removed, and where it waits: a DELAY waitpoint
 *   and a RESUME job available at the resume time, or a WEBHOOK waitpoint whose id is the
 *   request id of the resume URL `{publicUrl}api/v1/flow-runs/:runId/requests/:requestId`, or,
 *   for an agent step, an AGENT waitpoint, its agent run and AGENT job (`agent-pause.ts`);
 * - a sub-flow run's failure resumes its waiting parent with an error (`subflow-parent.ts`).
 * Answers the run row as written.
 */
import type { PauseMetadata, RunResult } from '@piecework/engine';
import { FlowRunStatus, generateTimeOrderedId } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database, FlowRunStepTable } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import type { ResumeJobPayload } from '../build-engine-request';
import type { StoredPause } from './follow-up-jobs';
import type { ClaimedJob } from '../job-queue';
import type { RunQueue } from '../run-queue';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import { queueAgent } from './agent-pause';
import { recordRunEvents, type RunProject } from './start-runs';
import { updateRunEnd } from '../run-statements';
import { EXECUTION_END_STATUSES, moveRun, RunMoveRefused } from './run-moves';
import { failParentOf, resumeOnEarlyChildFailure } from './subflow-parent';
import { writeStepRows } from '../step-writer';
import { timestampOf } from '../../infrastructure/storage/timestamp';
import { recordRunEnds, type EndedRun } from '../../modules/impact/record-run-impact';

/** What one execution left to write. */
export interface Execution {
  job: ClaimedJob;
  run: FlowRunRow;
  project: RunProject;
  result: RunResult;
  /** Step rows not written yet. */
  stepRows: readonly FlowRunStepTable[];
  /** The first file the execution saved (offloaded outputs), if any. */
  logsFileId: string | undefined;
  /** Place of the step that paused, when the run paused. */
  pausedPath: string | undefined;
}

/** Writes the end of `execution` in `trx` at `now` and answers the run row as written. */
export async function finishRun(
  trx: Kysely<Database>,
  queue: RunQueue,
  execution: Execution,
  now: string,
): Promise<FlowRunRow> {
  const [row] = await finishRuns(trx, queue, [{ execution, now }]);
  return row!;
}

/**
 * Writes the end of each of `ends` in `trx` (each at its `now`) and answers their run rows as
 * written, in order. The step rows of every run that ends go in one statement, their
 * flow.run.finished events in another: a batch of ends costs fewer round trips than one call
 * per end. Throws (the transaction must roll back) when any end cannot be written.
 */
export async function finishRuns(
  trx: Kysely<Database>,
  queue: RunQueue,
  ends: readonly { readonly execution: Execution; readonly now: string }[],
): Promise<FlowRunRow[]> {
  const rows: FlowRunRow[] = [];
  const finished: { execution: Execution; row: FlowRunRow; now: string; status: EndStatus }[] = [];
  for (const { execution, now } of ends) {
    const { result } = execution;
    if (result.status === 'PAUSED') continue;
    if (!EXECUTION_END_STATUSES.includes(result.status)) throw new Error(`A run cannot end ${result.status}`);
    finished.push({ execution, row: finishedRowOf(execution, result, now), now, status: result.status });
  }
  await writeStepRows(
    trx,
    finished.flatMap(({ execution }) => execution.stepRows),
  );
  await queue.completeAll(
    trx,
    finished.map(({ execution }) => execution.job.id),
  );
  for (const { row, status } of finished) {
    const written = await updateRunEnd.run(trx, row);
    if (written.numAffectedRows === BigInt(0)) throw new RunMoveRefused(row.id, 'end', status);
  }
  await recordRunEnds(
    trx,
    finished.map(({ execution, row, now, status }) => endedRunOf(execution, row, now, status)),
  );
  await recordRunEvents(
    trx,
    'flow.run.finished',
    finished.map(({ execution, row, now }) => ({ run: row, project: execution.project, now })),
  );
  for (const { row, now } of finished) await failParentOf(trx, queue, row, now);
  let next = 0;
  for (const { execution, now } of ends) {
    if (execution.result.status === 'PAUSED') rows.push(await pauseRun(trx, queue, execution, now));
    else rows.push(finished[next++]!.row);
  }
  return rows;
}

/** What the Impact figures keep of `execution`, which ended with `status` at `now`. */
function endedRunOf(execution: Execution, row: FlowRunRow, now: string, status: EndStatus): EndedRun {
  const { result } = execution;
  const failedStep =
    result.status !== 'PAUSED' && result.status !== 'SUCCEEDED' ? result.failedStep : undefined;
  return {
    flowId: row.flowId,
    projectId: row.projectId,
    platformId: row.platformId,
    environment: row.environment,
    status,
    startTime: row.startTime ?? row.created,
    finishTime: now,
    failedStep: failedStep ? { name: failedStep.name, displayName: failedStep.displayName } : null,
  };
}

/** The statuses an execution ends with (paused aside). */
type EndStatus = (typeof EXECUTION_END_STATUSES)[number];

/** The run row of `execution` ended with `result` (not paused) at `now`. */
function finishedRowOf(
  execution: Execution,
  result: Exclude<RunResult, { status: 'PAUSED' }>,
  now: string,
): FlowRunRow {
  const { run } = execution;
  return {
    ...run,
    ...commonEndColumns(execution, now),
    status: result.status,
    finishTime: now,
    failedStep: result.status !== 'SUCCEEDED' && result.failedStep ? toJson(result.failedStep) : null,
    internalError: result.status === 'INTERNAL_ERROR' ? result.message : null,
    pause: null,
  };
}

/** The columns every end writes, paused or not. */
function commonEndColumns(execution: Execution, now: string) {
  const { run, result } = execution;
  return {
    stepsCount: result.stepsCount,
    logsFileId: run.logsFileId ?? execution.logsFileId ?? null,
    response: result.response === undefined ? run.response : toJson(result.response),
    updated: now,
  };
}

/** Writes the pause of `execution` (its steps, its job removed, where it waits) at `now`. */
async function pauseRun(
  trx: Kysely<Database>,
  queue: RunQueue,
  execution: Execution,
  now: string,
): Promise<FlowRunRow> {
  const { job, run, result } = execution;
  await writeStepRows(trx, execution.stepRows);
  await queue.complete(trx, job.id);
  const common = commonEndColumns(execution, now);
  if (result.status === 'PAUSED') {
    const pause: StoredPause & PauseMetadata = {
      ...result.pause,
      ...(execution.pausedPath === undefined ? {} : { pausedPath: execution.pausedPath }),
    };
    const response = result.pause.type === 'WEBHOOK' ? result.pause.response : undefined;
    const columns = {
      ...common,
      ...(response ? { response: toJson(response) } : {}),
      pause: toJson(pause),
    };
    const paused: FlowRunRow = { ...run, ...columns, status: FlowRunStatus.enum.PAUSED };
    await moveRun(trx, 'pause', run.id, FlowRunStatus.enum.PAUSED, columns);
    await addWaitpoint(trx, queue, paused, result.pause, execution.pausedPath, now);
    if (result.pause.type === 'WEBHOOK') {
      const resumed = await resumeOnEarlyChildFailure(trx, queue, paused, result.pause.requestId, now);
      if (resumed !== undefined) return resumed;
    }
    return paused;
  }
  throw new Error('pauseRun is for a paused run');
}

async function addWaitpoint(
  trx: Kysely<Database>,
  queue: RunQueue,
  run: FlowRunRow,
  pause: PauseMetadata,
  pausedPath: string | undefined,
  now: string,
): Promise<void> {
  if (pause.type === 'WEBHOOK' && pause.agent !== undefined) {
    await queueAgent(trx, queue, run, pause.agent, pause.requestId, pausedPath, now);
    return;
  }
  if (pause.type === 'WEBHOOK') {
    await trx
      .insertInto('waitpoint')
      .values({ id: pause.requestId, runId: run.id, type: 'WEBHOOK', resumeAt: null, created: now })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return;
  }
  const resumeTime = Date.parse(pause.resumeDateTime);
  const resumeAt = Number.isFinite(resumeTime) ? timestampOf(resumeTime) : undefined;
  const waitpointId = generateTimeOrderedId();
  await trx
    .insertInto('waitpoint')
    .values({ id: waitpointId, runId: run.id, type: 'DELAY', resumeAt: resumeAt ?? null, created: now })
    .execute();
  const payload: ResumeJobPayload = {
    resumePayload: { body: {}, headers: {}, queryParams: {} },
    waitpointId,
    pausedPath,
  };
  await queue.enqueue(trx, {
    runId: run.id,
    projectId: run.projectId,
    kind: 'RESUME',
    payload,
    availableAt: resumeAt,
  });
}
