import { z } from 'zod';
import { Timestamp } from '../common/base-model';
import { PageQuery } from '../common/page';
import { FlowRunStatus } from './flow-run-status';
import { RunEnvironment } from './run-environment';

/**
 * How a run is retried: FROM_FAILED_STEP resumes the same version, dropping the failed step's
 * record (completed steps are not run again); ON_LATEST_VERSION runs the trigger payload again on
 * the flow's published version.
 */
export const FlowRetryStrategy = z.enum(['FROM_FAILED_STEP', 'ON_LATEST_VERSION']);
export type FlowRetryStrategy = z.infer<typeof FlowRetryStrategy>;

/** A timestamp filter: any string `Date.parse` understands (an unparseable one is a 400). */
const DateFilter = Timestamp.refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date');

/**
 * Query of `GET /v1/flow-runs`. `status` may be given once or repeated (`?status=A&status=B`);
 * it is always parsed to a list. `createdAfter` / `createdBefore` bound `created`. `environment`
 * picks PRODUCTION runs (the default) or TESTING runs (test runs and draft webhooks).
 */
export const ListFlowRunsQuery = PageQuery.extend({
  projectId: z.string(),
  flowId: z.string().optional(),
  environment: RunEnvironment.default(RunEnvironment.enum.PRODUCTION),
  status: z
    .union([FlowRunStatus, z.array(FlowRunStatus)])
    .transform((status) => (Array.isArray(status) ? status : [status]))
    .optional(),
  createdAfter: DateFilter.optional(),
  createdBefore: DateFilter.optional(),
});
export type ListFlowRunsQuery = z.infer<typeof ListFlowRunsQuery>;

/** Body of `POST /v1/flow-runs/:id/retry`. */
export const RetryFlowRunRequest = z.object({
  projectId: z.string(),
  strategy: FlowRetryStrategy,
});
export type RetryFlowRunRequest = z.infer<typeof RetryFlowRunRequest>;

/** Body of `POST /v1/flow-runs/cancel`: cancels those of the runs that are QUEUED or PAUSED. */
export const CancelFlowRunsRequest = z.object({
  projectId: z.string(),
  flowRunIds: z.array(z.string()),
});
export type CancelFlowRunsRequest = z.infer<typeof CancelFlowRunsRequest>;

/** Body of `POST /v1/flow-runs/test`: starts a TESTING run of a (draft) flow version. */
export const TestFlowRunRequest = z.object({
  projectId: z.string(),
  flowVersionId: z.string(),
});
export type TestFlowRunRequest = z.infer<typeof TestFlowRunRequest>;
