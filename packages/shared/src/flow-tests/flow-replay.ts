import { z } from 'zod';
import { Timestamp } from '../common/base-model';

/** How many past runs a replay takes when none is asked for, and at most. */
export const DEFAULT_REPLAY_RUNS = 20;
/** The most past runs one replay takes. */
export const MAX_REPLAY_RUNS = 100;

/**
 * Body of `POST /v1/flows/:id/replay`: the version to replay against (default: the flow's draft)
 * and how many of the flow's latest PRODUCTION runs to replay.
 */
export const FlowReplayRequest = z.object({
  versionId: z.string().optional(),
  limit: z.number().int().min(1).max(MAX_REPLAY_RUNS).default(DEFAULT_REPLAY_RUNS),
});
export type FlowReplayRequest = z.infer<typeof FlowReplayRequest>;

/**
 * How one past run came out when replayed: SAME (every step's output and the path equal), CHANGED
 * (some output or the path differs), WOULD_CALL_SERVICE (a piece step would have been called with
 * an input the run did not record: it was not called and the replay stopped there), FAILED (the
 * replay could not run, e.g. the run's records are gone).
 */
export const ReplayRunOutcome = z.enum(['SAME', 'CHANGED', 'WOULD_CALL_SERVICE', 'FAILED']);
export type ReplayRunOutcome = z.infer<typeof ReplayRunOutcome>;

/** How a step differs between the past run and the replay. */
export const ReplayStepChangeKind = z.enum(['CHANGED', 'ADDED', 'REMOVED']);
export type ReplayStepChangeKind = z.infer<typeof ReplayStepChangeKind>;

/**
 * A step whose result differs: CHANGED (ran in both, another output), ADDED (ran only in the
 * replay: no `before`), REMOVED (ran only in the past run: no `after`).
 */
export const ReplayStepChange = z.object({
  stepName: z.string(),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
  change: ReplayStepChangeKind,
});
export type ReplayStepChange = z.infer<typeof ReplayStepChange>;

/**
 * One past run replayed. `pathChanged`: another set or order of steps ran (another branch was
 * taken); `wouldCallStep` names the step a WOULD_CALL_SERVICE replay stopped at; `message` says
 * why a FAILED replay could not run.
 */
export const ReplayedRun = z.object({
  runId: z.string(),
  created: Timestamp,
  outcome: ReplayRunOutcome,
  pathChanged: z.boolean(),
  changedSteps: z.array(ReplayStepChange),
  wouldCallStep: z.string().optional(),
  message: z.string().optional(),
});
export type ReplayedRun = z.infer<typeof ReplayedRun>;

/** Answer of `POST /v1/flows/:id/replay`: each replayed run, newest first, and the counts per outcome. */
export const FlowReplayResult = z.object({
  versionId: z.string(),
  runs: z.array(ReplayedRun),
  summary: z.object({
    same: z.number().int().min(0),
    changed: z.number().int().min(0),
    wouldCallService: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
});
export type FlowReplayResult = z.infer<typeof FlowReplayResult>;
