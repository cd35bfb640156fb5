import { z } from 'zod';

/** The longest limit a stuck-run watchdog accepts, in minutes: one year. */
export const MAX_STUCK_RUN_LIMIT_MINUTES = 525_600;

/** One limit in whole minutes, from 1 minute to a year. */
const LimitMinutes = z.number().int().min(1).max(MAX_STUCK_RUN_LIMIT_MINUTES);

/**
 * How long a run may stay in each waiting status before the watchdog calls it stuck, in minutes:
 * QUEUED (waiting for a worker), RUNNING (since it started or went on after a pause) and PAUSED
 * (since it paused: a delay or a wait for a webhook that never came). The platform's default
 * limits; each flow may override any of them ({@link FlowStuckRunLimits}).
 */
export const StuckRunLimits = z.object({
  queuedMinutes: LimitMinutes,
  runningMinutes: LimitMinutes,
  pausedMinutes: LimitMinutes,
});
export type StuckRunLimits = z.infer<typeof StuckRunLimits>;

/** The limits a new platform starts with: an hour waiting or running, 30 days paused. */
export const DEFAULT_STUCK_RUN_LIMITS: StuckRunLimits = {
  queuedMinutes: 60,
  runningMinutes: 60,
  pausedMinutes: 30 * 24 * 60,
};

/**
 * A flow's own limits: a number overrides the platform's default for that status, null keeps the
 * default. Body of `POST /v1/flows/:id/stuck-run-limits` and its answer.
 */
export const FlowStuckRunLimits = z.object({
  queuedMinutes: LimitMinutes.nullable(),
  runningMinutes: LimitMinutes.nullable(),
  pausedMinutes: LimitMinutes.nullable(),
});
export type FlowStuckRunLimits = z.infer<typeof FlowStuckRunLimits>;

/**
 * The limits that apply to one flow: its overrides and the platform's defaults side by side,
 * with `effective` the limit each status gets. Answer of the flow's stuck-run-limit endpoints.
 */
export const FlowStuckRunLimitsView = z.object({
  flowId: z.string(),
  overrides: FlowStuckRunLimits,
  platformDefaults: StuckRunLimits,
  effective: StuckRunLimits,
});
export type FlowStuckRunLimitsView = z.infer<typeof FlowStuckRunLimitsView>;
