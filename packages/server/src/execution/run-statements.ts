/**
 * The statements every flow run executes, compiled once (see `compiledStatement`): creating the
 * run and its job, and writing its end. Other run queries stay ordinary Kysely calls.
 */
import { sql, type Updateable } from 'kysely';
import {
  compiledInsert,
  compiledPositionalStatement,
  compiledStatement,
  type PositionalStatement,
} from '../infrastructure/storage/compiled-statement';
import type { FlowRunTable } from '../infrastructure/storage/database';

/** Every column of a run row, in one fixed order. */
const RUN_COLUMNS = [
  'id',
  'projectId',
  'platformId',
  'flowId',
  'flowVersionId',
  'flowDisplayName',
  'environment',
  'status',
  'triggeredBy',
  'parentRunId',
  'failParentOnFailure',
  'tags',
  'stepNameToTest',
  'triggerPayload',
  'failedStep',
  'pause',
  'response',
  'stepsCount',
  'logsFileId',
  'internalError',
  'startTime',
  'finishTime',
  'archivedAt',
  'created',
  'updated',
] as const;

/** Inserts a whole run row. */
export const insertRunRow = compiledInsert('flowRun', RUN_COLUMNS);

/**
 * The columns a run's end changes. Its other columns were written when it was created or
 * claimed; leaving them out of the UPDATE leaves the indexes over them (project, flow, created)
 * untouched.
 */
const RUN_END_COLUMNS = [
  'status',
  'stepsCount',
  'logsFileId',
  'response',
  'failedStep',
  'internalError',
  'pause',
  'finishTime',
  'updated',
] as const;

type RunEndColumns = Required<Pick<Updateable<FlowRunTable>, (typeof RUN_END_COLUMNS)[number]>>;

/**
 * Writes the end of run `id` (its {@link RUN_END_COLUMNS}) if it is RUNNING (the move `end` of
 * `lifecycle/run-moves.ts`, compiled: it runs once per run); a result of no affected row means
 * the run was elsewhere.
 */
export const updateRunEnd = compiledStatement<RunEndColumns & { id: string }>((db, param) =>
  db
    .updateTable('flowRun')
    .set(Object.fromEntries(RUN_END_COLUMNS.map((column) => [column, param(column)])) as never)
    .where('id', '=', param('id'))
    .where('status', '=', 'RUNNING'),
);

/** Inserts a job row (every column). */
export const insertJobRow = compiledInsert('job', [
  'id',
  'runId',
  'projectId',
  'kind',
  'payload',
  'status',
  'availableAt',
  'lockedBy',
  'lockedUntil',
  'attempts',
  'created',
  'updated',
]);

/** Deletes job `id` (its run ended or paused). */
export const deleteJob = compiledStatement<{ id: string }>((db, param) =>
  db.deleteFrom('job').where('id', '=', param('id')),
);

/** The deletes of `count` jobs by id, compiled once per count (a batch of run ends: a few). */
const deleteJobsStatements = new Map<number, PositionalStatement<never>>();

/** Deletes the `count` jobs whose ids it is run with (their runs ended). */
export function deleteJobs(count: number): PositionalStatement<never> {
  let statement = deleteJobsStatements.get(count);
  if (statement === undefined) {
    const names = Array.from({ length: count }, (_, index) => `id${String(index)}`);
    statement = compiledPositionalStatement<never>(names, (db, param) =>
      db.deleteFrom('job').where(
        'id',
        'in',
        names.map((name) => param(name)),
      ),
    );
    if (deleteJobsStatements.size < 64) deleteJobsStatements.set(count, statement);
  }
  return statement;
}

/** One QUEUED job available at `now`, if any: an idle poll's cheap read. */
export const anyAvailableJob = compiledStatement<{ now: string }, { id: string }>((db, param) =>
  db
    .selectFrom('job')
    .select('id')
    .where('status', '=', 'QUEUED')
    .where('availableAt', '<=', param('now'))
    .limit(1),
);

/** The credits of platform `id` (null: unlimited). */
export const platformCredits = compiledStatement<{ id: string }, { credits: number | null }>((db, param) =>
  db.selectFrom('platform').select('credits').where('id', '=', param('id')),
);

/**
 * Whether a job is waiting (available by `now`) and how many more jobs project `projectId` may
 * run (its `maxConcurrentJobs`, else `defaultLimit`, minus its RUNNING jobs): what a new job must
 * know to be inserted already claimed.
 */
export const queueRoomForNewJob = compiledStatement<
  { now: string; projectId: string; defaultLimit: number },
  { waiting: number; free: number }
>(
  (_db, param) => sql<{ waiting: number; free: number }>`
    select exists(select 1 from job where status = 'QUEUED' and "availableAt" <= ${param('now')}) as waiting,
      coalesce((select "maxConcurrentJobs" from project where id = ${param('projectId')}), ${param('defaultLimit')})
      - (select count(*) from job where "projectId" = ${param('projectId')} and status = 'RUNNING') as free`,
);
