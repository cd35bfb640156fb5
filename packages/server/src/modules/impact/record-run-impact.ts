/**
 * Keeps the Impact figures as production runs end: the run machinery calls
 * {@link recordRunEnds} in the transaction that writes a batch of ends (one upsert per table for
 * the whole batch), and {@link forgetRunEnd} in the one that queues a failed run again, so that a
 * retried run counts once, with its last end. Test runs (environment TESTING) are not counted.
 */
import type { FlowRunStatus } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type {
  ImpactRunDayTable,
  ImpactStepFailureDayTable,
} from '../../infrastructure/storage/rows/impact-rows';
import { fromJson } from '../../infrastructure/storage/json-column';
import { durationBucketOf } from './duration-buckets';
import {
  addRunDayCounts,
  addStepFailureCounts,
  takeRunDayCount,
  takeStepFailureCount,
} from './impact-write-repository';

/** What the Impact figures keep of a run that ended. */
export interface EndedRun {
  flowId: string;
  projectId: string;
  platformId: string;
  /** PRODUCTION or TESTING: only PRODUCTION runs count. */
  environment: string;
  status: FlowRunStatus | string;
  /** When the run started (its creation when it never started). */
  startTime: string;
  finishTime: string;
  /** The step that stopped the run, when one did. */
  failedStep: { name: string; displayName: string } | null;
}

/** What the Impact figures keep of `row`, a stored run that ended (its `finishTime` is set). */
export function endedRunOf(row: FlowRunRow): EndedRun {
  const failedStep = fromJson<{ name: string; displayName: string }>(row.failedStep) ?? null;
  return {
    flowId: row.flowId,
    projectId: row.projectId,
    platformId: row.platformId,
    environment: row.environment,
    status: row.status,
    startTime: row.startTime ?? row.created,
    finishTime: row.finishTime ?? row.updated,
    failedStep: failedStep === null ? null : { name: failedStep.name, displayName: failedStep.displayName },
  };
}

/** The UTC day (`YYYY-MM-DD`) of a stored timestamp. */
export function dayOf(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/** Milliseconds from `start` to `finish` (stored timestamps), never negative. */
function durationMs(start: string, finish: string): number {
  return Math.max(0, Date.parse(finish) - Date.parse(start));
}

/** Adds the production runs of `runs` to the daily counts, in `trx`. */
export async function recordRunEnds(trx: Kysely<Database>, runs: readonly EndedRun[]): Promise<void> {
  const runDays = new Map<string, ImpactRunDayTable>();
  const stepDays = new Map<string, ImpactStepFailureDayTable>();
  for (const run of runs) {
    if (run.environment !== 'PRODUCTION') continue;
    const day = dayOf(run.finishTime);
    const bucket = durationBucketOf(durationMs(run.startTime, run.finishTime));
    const key = `${run.flowId}\u0000${day}\u0000${run.status}\u0000${bucket}`;
    const counted = runDays.get(key);
    if (counted) counted.runs += 1;
    else runDays.set(key, { ...tenancyOf(run), day, status: run.status, bucket, runs: 1 });
    if (run.failedStep === null || run.status === 'SUCCEEDED') continue;
    const stepKey = `${run.flowId}\u0000${day}\u0000${run.failedStep.name}`;
    const failed = stepDays.get(stepKey);
    if (failed) failed.failures += 1;
    else
      stepDays.set(stepKey, {
        ...tenancyOf(run),
        day,
        stepName: run.failedStep.name,
        stepDisplayName: run.failedStep.displayName,
        failures: 1,
      });
  }
  await addRunDayCounts(trx, [...runDays.values()]);
  await addStepFailureCounts(trx, [...stepDays.values()]);
}

/** Takes a run's earlier end out of the daily counts, in `trx` (it is about to run again). */
export async function forgetRunEnd(trx: Kysely<Database>, run: EndedRun): Promise<void> {
  if (run.environment !== 'PRODUCTION') return;
  const day = dayOf(run.finishTime);
  const bucket = durationBucketOf(durationMs(run.startTime, run.finishTime));
  await takeRunDayCount(trx, { flowId: run.flowId, day, status: run.status, bucket });
  if (run.failedStep !== null && run.status !== 'SUCCEEDED') {
    await takeStepFailureCount(trx, { flowId: run.flowId, day, stepName: run.failedStep.name });
  }
}

function tenancyOf(run: EndedRun): Pick<ImpactRunDayTable, 'flowId' | 'projectId' | 'platformId'> {
  return { flowId: run.flowId, projectId: run.projectId, platformId: run.platformId };
}
