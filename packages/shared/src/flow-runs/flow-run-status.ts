import { z } from 'zod';

/**
 * The status of a flow run (Activepieces' 11 values). QUEUED, RUNNING and PAUSED are in
 * progress; every other status is final. Use {@link isTerminalRunStatus} to tell them apart.
 */
export const FlowRunStatus = z.enum([
  'FAILED',
  'QUOTA_EXCEEDED',
  'INTERNAL_ERROR',
  'PAUSED',
  'QUEUED',
  'RUNNING',
  'SUCCEEDED',
  'MEMORY_LIMIT_EXCEEDED',
  'TIMEOUT',
  'CANCELED',
  'LOG_SIZE_EXCEEDED',
]);
export type FlowRunStatus = z.infer<typeof FlowRunStatus>;

/** The statuses of a run still in progress (not terminal): QUEUED, RUNNING, PAUSED. */
export const NON_TERMINAL_RUN_STATUSES: readonly FlowRunStatus[] = ['QUEUED', 'RUNNING', 'PAUSED'];

/**
 * True when a run with this status is finished and will not change again on its own
 * (SUCCEEDED, FAILED, TIMEOUT, CANCELED, QUOTA_EXCEEDED, MEMORY_LIMIT_EXCEEDED,
 * LOG_SIZE_EXCEEDED, INTERNAL_ERROR). QUEUED, RUNNING and PAUSED are not terminal.
 */
export function isTerminalRunStatus(status: FlowRunStatus): boolean {
  return !NON_TERMINAL_RUN_STATUSES.includes(status);
}
