import { z } from 'zod';
import { FlowRunStatus } from '../flow-runs/flow-run-status';

/** A UTC calendar day, `YYYY-MM-DD`. */
export const ImpactDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD');
export type ImpactDay = z.infer<typeof ImpactDay>;

/**
 * Query of the Impact endpoints: the UTC days `from` to `to`, both included (at most
 * {@link IMPACT_MAX_DAYS} days, `from` not after `to`).
 */
export const ImpactQuery = z.object({ from: ImpactDay, to: ImpactDay });
export type ImpactQuery = z.infer<typeof ImpactQuery>;

/** The longest range, in days, one Impact request may ask for. */
export const IMPACT_MAX_DAYS = 366;

/** One day of an Impact report: how many production runs ended that day, by status. */
export const ImpactDayRuns = z.object({
  day: ImpactDay,
  /** Runs that ended that day, per end status (statuses with none are left out). */
  byStatus: z.partialRecord(FlowRunStatus, z.number().int()),
  total: z.number().int(),
});
export type ImpactDayRuns = z.infer<typeof ImpactDayRuns>;

/** One flow's figures over an Impact report's range. */
export const ImpactFlow = z.object({
  flowId: z.string(),
  /** The flow's latest display name. */
  displayName: z.string(),
  runs: z.number().int(),
  succeeded: z.number().int(),
  /** Succeeded runs over runs, 0 to 1 (null when no run ended). */
  successRate: z.number().nullable(),
  /** Median run duration in milliseconds, from duration buckets (within one bucket's width). */
  p50DurationMs: z.number().nullable(),
  /** 95th percentile run duration in milliseconds, from duration buckets. */
  p95DurationMs: z.number().nullable(),
  /** The flow's current minutes saved per run (`UPDATE_MINUTES_SAVED`), null when unset. */
  timeSavedPerRun: z.number().nullable(),
  /** `timeSavedPerRun` times the succeeded runs. */
  minutesSaved: z.number(),
});
export type ImpactFlow = z.infer<typeof ImpactFlow>;

/** A step that stopped runs, with how many over an Impact report's range. */
export const ImpactFailingStep = z.object({
  flowId: z.string(),
  flowDisplayName: z.string(),
  stepName: z.string(),
  stepDisplayName: z.string(),
  failures: z.number().int(),
});
export type ImpactFailingStep = z.infer<typeof ImpactFailingStep>;

/**
 * What production runs did over a range of UTC days, for one project or a whole platform: runs
 * per day by status, per-flow success rate, duration percentiles and time saved, and the steps
 * that failed most. Runs count on the day they ended; a retried run counts once, with its last end.
 */
export const ImpactReport = z.object({
  from: ImpactDay,
  to: ImpactDay,
  /** Every day of the range, in order, with zeros on days no run ended. */
  days: z.array(ImpactDayRuns),
  /** Flows with at least one run ended in the range, most runs first. */
  flows: z.array(ImpactFlow),
  totals: z.object({
    runs: z.number().int(),
    succeeded: z.number().int(),
    successRate: z.number().nullable(),
    minutesSaved: z.number(),
  }),
  /** The steps that stopped most runs, most first (at most 10). */
  failingSteps: z.array(ImpactFailingStep),
});
export type ImpactReport = z.infer<typeof ImpactReport>;
