/** Whether a waiting run is stuck, and by how much: the one rule the list, the sweep and the end share. */
import type { RunEnvironment, StuckRun, StuckRunLimits, StuckRunStatus } from '@piecework/shared';
import { microsOf, timestampOfMicros } from '../../infrastructure/storage/timestamp';
import type { WaitingRunRow } from './stuck-run-repository';

/** The limit key of each waiting status. */
export const LIMIT_KEY = {
  QUEUED: 'queuedMinutes',
  RUNNING: 'runningMinutes',
  PAUSED: 'pausedMinutes',
} as const satisfies Record<StuckRunStatus, keyof StuckRunLimits>;

const MINUTE_MICROS = 60_000_000;

/**
 * The stuck run `row` is at instant `now` (ISO), or undefined when it is within its limit: the
 * flow's override for its status when the flow has one, else the platform's default. A run is
 * stuck once it has been in its status longer than the limit.
 */
export function stuckRunOf(row: WaitingRunRow, now: string): StuckRun | undefined {
  const status = row.status as StuckRunStatus;
  const key = LIMIT_KEY[status];
  const flowLimit = flowLimits(row)[key];
  const limitMinutes = flowLimit ?? platformLimits(row)[key];
  const ageMicros = microsOf(now) - microsOf(row.updated);
  if (ageMicros <= limitMinutes * MINUTE_MICROS) return undefined;
  return {
    id: row.id,
    projectId: row.projectId,
    flowId: row.flowId,
    flowDisplayName: row.flowDisplayName,
    environment: row.environment as RunEnvironment,
    status,
    created: row.created,
    since: row.updated,
    ageMinutes: Math.floor(ageMicros / MINUTE_MICROS),
    limitMinutes,
    limitSource: flowLimit === null ? 'PLATFORM' : 'FLOW',
    reportedAt: row.stuckReportedAt,
  };
}

/** The instant `minutes` before `now`, ISO: runs waiting since before it may be stuck. */
export function cutoffBefore(now: string, minutes: number): string {
  return timestampOfMicros(microsOf(now) - minutes * MINUTE_MICROS);
}

function flowLimits(row: WaitingRunRow) {
  return {
    queuedMinutes: row.flowQueuedMinutes,
    runningMinutes: row.flowRunningMinutes,
    pausedMinutes: row.flowPausedMinutes,
  };
}

function platformLimits(row: WaitingRunRow): StuckRunLimits {
  return {
    queuedMinutes: row.platformQueuedMinutes,
    runningMinutes: row.platformRunningMinutes,
    pausedMinutes: row.platformPausedMinutes,
  };
}
