/**
 * The bulk actions on runs (`POST /v1/flow-runs/retry`, `/archive`, `/cancel`): each walks the
 * selected runs of a project in batches of {@link BULK_BATCH_SIZE} ids (never the whole selection
 * in memory) and acts on each batch. A selection names runs by `flowRunIds` (any environment) or
 * picks them by filter (PRODUCTION runs), less `excludeFlowRunIds`.
 */
import {
  FlowRunStatus,
  PieceworkError,
  NON_TERMINAL_RUN_STATUSES,
  isTerminalRunStatus,
  type ArchiveFlowRunsRequest,
  type BulkFlowRunSelection,
  type BulkFlowRunsResult,
  type BulkRetryFlowRunsRequest,
  type CancelFlowRunsRequest,
  type FlowRun,
} from '@piecework/shared';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { RETRYABLE_STATUSES } from '../../execution/lifecycle/run-moves';
import type { ServerContext } from '../../server-context';
import { archiveRuns, findRun, selectRunIdBatch } from './flow-run-repository';
import type { CallerMeta, FlowRunService } from './flow-run-service';
import type { RunSelection } from './run-selection-query';

/** How many run ids a bulk action reads and acts on at a time. */
export const BULK_BATCH_SIZE = 200;

/** What the bulk actions use from the server context. */
export type BulkRunDependencies = Pick<ServerContext, 'store' | 'now' | 'runs'>;

/**
 * The {@link RunSelection} of a bulk request of `project`, limited to `statuses` (intersected with
 * the request's own) and to runs created before `startedAt`: runs the action itself creates are
 * never part of its selection.
 */
function selectionOf(
  project: ProjectRow,
  request: BulkFlowRunSelection,
  statuses: readonly FlowRunStatus[] | undefined,
  startedAt: string,
): RunSelection {
  const named = request.flowRunIds !== undefined;
  const asked = request.status;
  const status =
    statuses === undefined
      ? asked
      : asked === undefined
        ? statuses
        : asked.filter((s) => statuses.includes(s));
  const before = new Date(Date.parse(startedAt) - 1).toISOString();
  const createdBefore =
    request.createdBefore !== undefined && Date.parse(request.createdBefore) < Date.parse(before)
      ? request.createdBefore
      : before;
  return {
    ...request,
    projectId: project.id,
    environment: named ? undefined : 'PRODUCTION',
    includeArchived: named ? true : request.includeArchived,
    status: status === undefined ? undefined : status.length === 0 ? ['__none__' as FlowRunStatus] : status,
    createdBefore,
  };
}

/** Calls `act` on each batch of the ids of `selection`, in id order. */
async function forEachBatch(
  ctx: BulkRunDependencies,
  selection: RunSelection,
  act: (runIds: string[]) => Promise<void>,
): Promise<void> {
  let afterId: string | undefined;
  for (;;) {
    const ids = await selectRunIdBatch(ctx.store.db, selection, afterId, BULK_BATCH_SIZE);
    if (ids.length === 0) return;
    await act(ids);
    if (ids.length < BULK_BATCH_SIZE) return;
    afterId = ids[ids.length - 1];
  }
}

/**
 * Retries every selected run with the request's strategy through `runs.retryRun` (one
 * flow.run.retried event each): FROM_FAILED_STEP takes the failed runs of the selection,
 * ON_LATEST_VERSION the finished ones. A run that cannot be retried (no published version, no run
 * credits left, changed meanwhile) is skipped; answers how many were retried.
 */
export async function retrySelectedRuns(
  ctx: BulkRunDependencies,
  runs: FlowRunService,
  principal: Principal,
  meta: CallerMeta,
  project: ProjectRow,
  request: BulkRetryFlowRunsRequest,
): Promise<BulkFlowRunsResult> {
  const statuses =
    request.strategy === 'FROM_FAILED_STEP'
      ? RETRYABLE_STATUSES
      : FlowRunStatus.options.filter((status) => isTerminalRunStatus(status));
  let count = 0;
  await forEachBatch(ctx, selectionOf(project, request, statuses, ctx.now()), async (ids) => {
    for (const id of ids) {
      const row = await findRun(ctx.store.db, id);
      if (row === undefined) continue;
      try {
        await runs.retryRun(principal, meta, project, row, request.strategy);
        count += 1;
      } catch (error) {
        if (!(error instanceof PieceworkError)) throw error;
      }
    }
  });
  return { count };
}

/** Sets `archivedAt` on every selected run not archived yet; answers how many it archived. */
export async function archiveSelectedRuns(
  ctx: BulkRunDependencies,
  project: ProjectRow,
  request: ArchiveFlowRunsRequest,
): Promise<BulkFlowRunsResult> {
  let count = 0;
  const now = ctx.now();
  const selection = { ...selectionOf(project, request, undefined, now), includeArchived: false };
  await forEachBatch(ctx, selection, async (ids) => {
    count += await ctx.store.write((trx) => archiveRuns(trx, project.id, ids, now));
  });
  return { count };
}

/**
 * Cancels the selected runs through `runs.cancel`. Named runs are answered as they are after
 * (CANCELED, or the end they already had), in the order named; a filter selects only runs in
 * progress.
 */
export async function cancelSelectedRuns(
  ctx: BulkRunDependencies,
  project: ProjectRow,
  request: CancelFlowRunsRequest,
): Promise<FlowRun[]> {
  const named = request.flowRunIds !== undefined;
  const selection = selectionOf(project, request, named ? undefined : NON_TERMINAL_RUN_STATUSES, ctx.now());
  const answered: FlowRun[] = [];
  await forEachBatch(ctx, selection, async (ids) => {
    answered.push(...(await ctx.runs.cancel(project.id, ids)));
  });
  if (!named) return answered;
  const order = new Map(request.flowRunIds?.map((id, index) => [id, index]));
  return answered.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
