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

/** One value or a list of them (`?tag=a&tag=b` in a query string), always parsed to a list. */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z
    .union([item, z.array(item)])
    .transform((value): z.infer<T>[] => (Array.isArray(value) ? value : [value]));
}

/** A yes/no field: a JSON boolean in a body, `true` / `false` in a query string. */
const Flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

/**
 * The fields that pick runs, shared by the run list and the bulk actions: every field given
 * narrows the selection. `flowId`, `status`, `tags` and `flowRunIds` take one value or a list
 * (a run matches any of the list; a run matches `tags` when it carries one of them);
 * `createdAfter` / `createdBefore` bound `created` (inclusive); `failedStepName` is the name of
 * the step a failed run stopped at; `includeArchived` (default false) keeps archived runs in the
 * selection; `search` is full text over the trigger payload, the steps' outputs and the error
 * messages, taken as plain words (every word must occur; no operators).
 */
export const FlowRunFilter = z.object({
  projectId: z.string(),
  flowId: oneOrMany(z.string()).optional(),
  status: oneOrMany(FlowRunStatus).optional(),
  tags: oneOrMany(z.string()).optional(),
  createdAfter: DateFilter.optional(),
  createdBefore: DateFilter.optional(),
  failedStepName: z.string().optional(),
  flowRunIds: oneOrMany(z.string()).optional(),
  includeArchived: Flag.default(false),
  search: z.string().max(1000).optional(),
});
export type FlowRunFilter = z.infer<typeof FlowRunFilter>;

/**
 * Query of `GET /v1/flow-runs`: a page of the runs {@link FlowRunFilter} picks. `environment`
 * picks PRODUCTION runs (the default) or TESTING runs (test runs and draft webhooks).
 */
export const ListFlowRunsQuery = PageQuery.extend(FlowRunFilter.shape).extend({
  environment: RunEnvironment.default(RunEnvironment.enum.PRODUCTION),
});
export type ListFlowRunsQuery = z.infer<typeof ListFlowRunsQuery>;

/**
 * The selection of a bulk action (PRODUCTION runs): the runs {@link FlowRunFilter} picks, less
 * `excludeFlowRunIds` (runs a user unticked after "select all matching").
 */
export const BulkFlowRunSelection = FlowRunFilter.extend({
  excludeFlowRunIds: z.array(z.string()).max(10_000).optional(),
});
export type BulkFlowRunSelection = z.infer<typeof BulkFlowRunSelection>;

/** Body of `POST /v1/flow-runs/retry`: retries every selected run with `strategy`. */
export const BulkRetryFlowRunsRequest = BulkFlowRunSelection.extend({ strategy: FlowRetryStrategy });
export type BulkRetryFlowRunsRequest = z.infer<typeof BulkRetryFlowRunsRequest>;

/** Body of `POST /v1/flow-runs/archive`: archives every selected run (it leaves the default list). */
export const ArchiveFlowRunsRequest = BulkFlowRunSelection;
export type ArchiveFlowRunsRequest = z.infer<typeof ArchiveFlowRunsRequest>;

/** Answer of a bulk action: how many runs it changed (runs it could not change are left out of `count`). */
export const BulkFlowRunsResult = z.object({
  count: z.number().int().min(0),
});
export type BulkFlowRunsResult = z.infer<typeof BulkFlowRunsResult>;

/** Body of `POST /v1/flow-runs/:id/retry`. */
export const RetryFlowRunRequest = z.object({
  projectId: z.string(),
  strategy: FlowRetryStrategy,
});
export type RetryFlowRunRequest = z.infer<typeof RetryFlowRunRequest>;

/**
 * Body of `POST /v1/flow-runs/cancel`: cancels those of the selected runs that are QUEUED, PAUSED
 * or RUNNING. `{projectId, flowRunIds}` names the runs; any other field of
 * {@link BulkFlowRunSelection} selects them by filter.
 */
export const CancelFlowRunsRequest = BulkFlowRunSelection;
export type CancelFlowRunsRequest = z.infer<typeof CancelFlowRunsRequest>;

/** Body of `POST /v1/flow-runs/test`: starts a TESTING run of a (draft) flow version. */
export const TestFlowRunRequest = z.object({
  projectId: z.string(),
  flowVersionId: z.string(),
});
export type TestFlowRunRequest = z.infer<typeof TestFlowRunRequest>;
