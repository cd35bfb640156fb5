/**
 * What happens to runs in the transaction that claims their jobs: they become RUNNING (their
 * start time set when they start or start over, kept when they resume or are taken up again),
 * their waitpoints are used up, and a run that starts (not one resumed or
 * taken up again) gets its flow.run.started event. Jobs of runs that ended meanwhile (canceled)
 * or no longer exist are dropped. An AGENT job is handed out with its run left as it is (PAUSED:
 * the agent runs beside the paused run), or dropped when the run is no longer PAUSED.
 */
import { FlowRunStatus, isTerminalRunStatus } from '@piecework/shared';
import type { Kysely } from 'kysely';
import {
  recordAuditEvent,
  recordAuditEvents,
  type AuditEventInput,
} from '../../modules/audit-events/record-audit-event';
import type { Database } from '../../infrastructure/storage/database';
import type { ClaimedJob } from '../job-queue';
import type { RunQueue } from '../run-queue';
import { auditFlowRunOf } from '../run-rows';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import { moveRuns } from './run-moves';

/** The project of a run, as its events carry it. */
export interface RunProject {
  id: string;
  displayName: string;
  externalId: string | null;
}

/** A claimed job with its run (as it is once RUNNING) and project. */
export interface StartedJob {
  job: ClaimedJob;
  run: FlowRunRow;
  project: RunProject;
}

/** Marks the runs of `jobs` RUNNING in `trx` (the move `start`) and answers the jobs to run. */
export async function startClaimedRuns(
  trx: Kysely<Database>,
  queue: RunQueue,
  jobs: readonly ClaimedJob[],
  now: string,
): Promise<StartedJob[]> {
  if (jobs.length === 0) return [];
  const rows = await trx
    .selectFrom('flowRun')
    .innerJoin('project', 'project.id', 'flowRun.projectId')
    .selectAll('flowRun')
    .select(['project.displayName as projectDisplayName', 'project.externalId as projectExternalId'])
    .where(
      'flowRun.id',
      'in',
      jobs.map((job) => job.runId),
    )
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const started: StartedJob[] = [];
  const dropped: string[] = [];
  const seen = new Set<string>();
  const agents: StartedJob[] = [];
  for (const job of jobs) {
    const found = byId.get(job.runId);
    if (job.kind === 'AGENT') {
      if (found?.status !== FlowRunStatus.enum.PAUSED) dropped.push(job.id);
      else agents.push(agentJobOf(job, found));
      continue;
    }
    if (found === undefined || isTerminalRunStatus(found.status as FlowRunStatus) || seen.has(job.runId)) {
      dropped.push(job.id);
      continue;
    }
    seen.add(job.runId);
    const { projectDisplayName, projectExternalId, ...row } = found;
    const restarts = row.startTime === null || (job.kind === 'RETRY_FROM_FAILED_STEP' && job.attempts === 1);
    const run: FlowRunRow = {
      ...row,
      status: FlowRunStatus.enum.RUNNING,
      startTime: restarts ? now : row.startTime,
      updated: now,
    };
    started.push({
      job,
      run,
      project: { id: row.projectId, displayName: projectDisplayName, externalId: projectExternalId },
    });
  }
  for (const jobId of dropped) await queue.complete(trx, jobId);
  if (started.length === 0) return agents;
  // Runs that start (or start over, retried) take `now` as their start time; others keep theirs.
  const fresh = started.filter(({ run }) => run.startTime === now).map(({ run }) => run.id);
  const continuing = started.filter(({ run }) => run.startTime !== now).map(({ run }) => run.id);
  const { RUNNING } = FlowRunStatus.enum;
  await moveRuns(trx, 'start', fresh, RUNNING, { startTime: now, updated: now });
  await moveRuns(trx, 'start', continuing, RUNNING, { updated: now });
  const resumed = started.filter(({ job }) => job.kind === 'RESUME').map(({ run }) => run.id);
  if (resumed.length > 0) await trx.deleteFrom('waitpoint').where('runId', 'in', resumed).execute();
  const firstStarts = started.filter(({ job }) => job.attempts === 1 && job.kind !== 'RESUME');
  await recordRunEvents(
    trx,
    'flow.run.started',
    firstStarts.map(({ run, project }) => ({ run, project, now })),
  );
  return [...started, ...agents];
}

/** An AGENT job with its PAUSED run, unchanged. */
function agentJobOf(
  job: ClaimedJob,
  found: FlowRunRow & { projectDisplayName: string; projectExternalId: string | null },
): StartedJob {
  const { projectDisplayName, projectExternalId, ...run } = found;
  return {
    job,
    run,
    project: { id: run.projectId, displayName: projectDisplayName, externalId: projectExternalId },
  };
}

/**
 * Records the lifecycle event `action` of each of `runs` (each at its `now`) in `trx`, in one
 * INSERT: what {@link recordRunEvent} records for one run, for the runs of a batch (a claim's, a
 * batch of ends).
 */
export async function recordRunEvents(
  trx: Kysely<Database>,
  action: 'flow.run.started' | 'flow.run.finished',
  runs: readonly { run: FlowRunRow; project: RunProject; now: string }[],
): Promise<void> {
  await recordAuditEvents(
    trx,
    runs.map(({ run, project, now }) => ({
      now,
      actor: { platformId: run.platformId },
      event: runEventOf(action, run, project),
    })),
  );
}

function runEventOf(
  action: 'flow.run.started' | 'flow.run.finished',
  run: FlowRunRow,
  project: RunProject,
): AuditEventInput {
  return {
    action,
    data: {
      flowRun: auditFlowRunOf(run),
      project: { displayName: project.displayName, externalId: project.externalId },
    },
    project,
  };
}

/**
 * Records a run's lifecycle event in `trx`: flow.run.started once per run (when its first attempt
 * starts), flow.run.finished when it ends; the data the spec gives them (the run's summary and
 * its project's names).
 */
export async function recordRunEvent(
  trx: Kysely<Database>,
  action: 'flow.run.started' | 'flow.run.finished',
  run: FlowRunRow,
  project: RunProject,
  now: string,
): Promise<void> {
  await recordAuditEvent(trx, now, { platformId: run.platformId }, runEventOf(action, run, project));
}
