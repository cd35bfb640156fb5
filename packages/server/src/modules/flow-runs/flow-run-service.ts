/**
 * The run API: list, read, retry, cancel, test runs (`/v1/flow-runs`). Every method checks the
 * caller's access to the run's project (READ_RUN to read, WRITE_RUN to change): a run of another
 * platform is 404, a run of a project the caller may not use is 403. Running itself is the run
 * machinery's (`ctx.runs`); this module asks it to create, queue and read runs.
 */
import type {
  CancelFlowRunsRequest,
  FlowRetryStrategy,
  FlowRun,
  ListFlowRunsQuery,
  Page,
  RetryFlowRunRequest,
  TestFlowRunRequest,
} from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { notFound, ruleViolation } from '../../infrastructure/errors';
import { auditFlowRunOf, flowRunFromRow } from '../../execution/run-rows';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import { runWithSteps } from '../../execution/run-steps';
import type { ServerContext } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { mapPage } from '../../infrastructure/storage/seek-page';
import { findFlow, findVersionOfFlow } from '../flow-definitions/flow-repository';
import { findRun, listRuns } from './flow-run-repository';
import { startTestRun } from './start-test-run';
import { cancelSelectedRuns } from './bulk-run-actions';

/** The caller's facts a change needs for its audit events. */
export interface CallerMeta {
  readonly ip: string;
}

/** What the run operations use from the server context: its store, clock and run machinery. */
export type FlowRunDependencies = Pick<ServerContext, 'store' | 'now' | 'runs'>;

/** The run operations behind `/v1/flow-runs`. */
export class FlowRunService {
  constructor(private readonly ctx: FlowRunDependencies) {}

  /** A page of the project's runs of the asked environment (default PRODUCTION), newest first, without their steps. */
  async list(project: ProjectRow, query: ListFlowRunsQuery): Promise<Page<FlowRun>> {
    const page = await listRuns(
      this.ctx.store.db,
      { ...query, projectId: project.id, flowId: query.flowId },
      query,
    );
    return mapPage(page, (row) => flowRunFromRow(row));
  }

  /** The run with its steps. */
  async get(project: ProjectRow, runId: string): Promise<FlowRun> {
    const row = await this.runOfProject(project, runId);
    return runWithSteps(this.ctx.store, row);
  }

  /**
   * FROM_FAILED_STEP queues the run again from its failed step (a run that did not fail is 409);
   * ON_LATEST_VERSION starts a new PRODUCTION run of the flow's published version with the same
   * trigger payload (409 when the flow has none). Records flow.run.retried; answers the run.
   */
  async retry(
    principal: Principal,
    meta: CallerMeta,
    project: ProjectRow,
    runId: string,
    request: RetryFlowRunRequest,
  ): Promise<FlowRun> {
    if (request.projectId !== project.id) throw notFound('flowRun', runId);
    const row = await this.runOfProject(project, runId);
    return this.retryRun(principal, meta, project, row, request.strategy);
  }

  /**
   * Retries the run `row` of `project` with `strategy` (see {@link FlowRunService.retry}) and
   * records flow.run.retried; answers the retried (or new) run. Use it for each run of a bulk retry.
   */
  async retryRun(
    principal: Principal,
    meta: CallerMeta,
    project: ProjectRow,
    row: FlowRunRow,
    strategy: FlowRetryStrategy,
  ): Promise<FlowRun> {
    let retried: FlowRun;
    if (strategy === 'FROM_FAILED_STEP') {
      await this.ctx.runs.enqueue(row.id, { kind: 'RETRY_FROM_FAILED_STEP' });
      retried = await this.readRun(row.id);
    } else {
      retried = await this.runOnPublishedVersion(row, principal);
    }
    await this.ctx.store.write(async (trx) => {
      const retriedRow = await findRun(trx, retried.id);
      if (retriedRow === undefined) return; // deleted with its flow meanwhile
      await recordAuditEvent(trx, this.ctx.now(), auditActorOf(principal, meta.ip), {
        action: 'flow.run.retried',
        data: {
          flowRun: auditFlowRunOf(retriedRow),
          project: { displayName: project.displayName, externalId: project.externalId },
        },
        project: { id: project.id, displayName: project.displayName },
      });
    });
    return retried;
  }

  /**
   * Cancels the selected runs (see `RunRuntime.cancel`: QUEUED, PAUSED and RUNNING ones). Named
   * by `flowRunIds`, answers each named run of the project as it is after: CANCELED, or the end it
   * already had (ids of other projects and unknown ids are left out). Selected by filter, answers
   * the runs it reached that were in progress.
   */
  async cancel(project: ProjectRow, request: CancelFlowRunsRequest): Promise<FlowRun[]> {
    return cancelSelectedRuns(this.ctx, project, request);
  }

  /**
   * Starts a TESTING run of `flowVersionId` (a version of a flow of the project: 404 otherwise)
   * with the trigger's sample data as its payload (`{}` when there is none).
   */
  test(principal: Principal, project: ProjectRow, request: TestFlowRunRequest): Promise<FlowRun> {
    return startTestRun(this.ctx, principal, project, request.flowVersionId);
  }

  /** A new PRODUCTION run of the published version of the run's flow, with the run's payload. */
  private async runOnPublishedVersion(row: FlowRunRow, principal: Principal): Promise<FlowRun> {
    const { db } = this.ctx.store;
    const flow = await findFlow(db, row.flowId);
    const published =
      flow?.publishedVersionId == null
        ? undefined
        : await findVersionOfFlow(db, row.flowId, flow.publishedVersionId);
    if (published === undefined) {
      throw ruleViolation(`Flow ${row.flowId} has no published version to run`, { flowId: row.flowId });
    }
    const { run } = await this.ctx.runs.createRun({
      projectId: row.projectId,
      platformId: row.platformId,
      flowId: row.flowId,
      flowVersionId: published.id,
      flowDisplayName: published.displayName,
      environment: 'PRODUCTION',
      triggerPayload: fromJson<unknown>(row.triggerPayload) ?? {},
      triggeredBy: principal.id,
    });
    return run;
  }

  private async readRun(runId: string): Promise<FlowRun> {
    const run = await this.ctx.runs.getRun(runId);
    if (run === null) throw notFound('flowRun', runId);
    return run;
  }

  /** The run `runId` of the (authorized) project; 404 when it is not one of the project's. */
  private async runOfProject(project: ProjectRow, runId: string): Promise<FlowRunRow> {
    const row = await findRun(this.ctx.store.db, runId);
    if (row?.projectId !== project.id) throw notFound('flowRun', runId);
    return row;
  }
}
