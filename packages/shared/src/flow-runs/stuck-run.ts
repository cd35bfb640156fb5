import { z } from 'zod';
import { FlowRunStatus } from './flow-run-status';
import { RunEnvironment } from './run-environment';

/** The statuses a run can be stuck in: waiting for a worker, executing, or waiting for a resume. */
export const StuckRunStatus = z.enum([
  FlowRunStatus.enum.QUEUED,
  FlowRunStatus.enum.RUNNING,
  FlowRunStatus.enum.PAUSED,
]);
export type StuckRunStatus = z.infer<typeof StuckRunStatus>;

/** Whose limit made a run stuck: the flow's own override, or the platform's default. */
export const StuckRunLimitSource = z.enum(['FLOW', 'PLATFORM']);
export type StuckRunLimitSource = z.infer<typeof StuckRunLimitSource>;

/**
 * A run that stayed in `status` longer than its limit: since when (`since`, when it entered the
 * status), for how long (`ageMinutes`, whole minutes), which limit it broke and whose limit that
 * is; `reportedAt` is when the watchdog alerted about it (null until its next sweep).
 */
export const StuckRun = z.object({
  id: z.string(),
  projectId: z.string(),
  flowId: z.string(),
  flowDisplayName: z.string(),
  environment: RunEnvironment,
  status: StuckRunStatus,
  created: z.string(),
  since: z.string(),
  ageMinutes: z.number().int().min(0),
  limitMinutes: z.number().int().min(1),
  limitSource: StuckRunLimitSource,
  reportedAt: z.string().nullable(),
});
export type StuckRun = z.infer<typeof StuckRun>;

/** Query of `GET /v1/stuck-runs`: the stuck runs of one project, longest stuck first. */
export const ListStuckRunsQuery = z.object({ projectId: z.string() });
export type ListStuckRunsQuery = z.infer<typeof ListStuckRunsQuery>;

/** The longest reason a person may give for ending stuck runs, in characters. */
export const MAX_END_REASON_CHARS = 500;

/**
 * Body of `POST /v1/stuck-runs/end`: ends the named stuck runs of the project (`flowRunIds`), or
 * every stuck run of it (`all: true`), recording `reason` on each run ended.
 */
export const EndStuckRunsRequest = z
  .object({
    projectId: z.string(),
    flowRunIds: z.array(z.string()).max(1000).optional(),
    all: z.boolean().optional(),
    reason: z.string().trim().min(1).max(MAX_END_REASON_CHARS),
  })
  .refine((body) => body.all === true || (body.flowRunIds?.length ?? 0) > 0, {
    message: 'Name the runs to end in flowRunIds, or set all to true',
    path: ['flowRunIds'],
  });
export type EndStuckRunsRequest = z.infer<typeof EndStuckRunsRequest>;
