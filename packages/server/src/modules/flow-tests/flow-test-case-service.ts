/**
 * Flow test cases: list, create (by hand or from a finished run), update and delete a flow's test
 * cases. A flow keeps at most `MAX_FLOW_TEST_CASES`; a case goes with its flow.
 */
import type { FlowResponse } from '@piecework/engine';
import {
  generateId,
  isTerminalRunStatus,
  MAX_FLOW_TEST_CASES,
  type CreateFlowTestCaseFromRunRequest,
  type FlowRunStatus,
  type FlowTestCase,
  type FlowTestCaseDefinition,
  type UpdateFlowTestCaseRequest,
} from '@piecework/shared';
import type { Updateable } from 'kysely';
import { notFound, ruleViolation } from '../../infrastructure/errors';
import type { FlowTestCaseTable } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { runWithSteps } from '../../execution/run-steps';
import type { ServerContext } from '../../server-context';
import { findRun } from '../flow-runs/flow-run-repository';
import {
  countFlowTestCases,
  deleteFlowTestCase,
  insertFlowTestCase,
  listFlowTestCases,
  updateFlowTestCase,
} from './flow-test-case-repository';
import { flowTestCaseView } from './flow-test-case-view';
import { testCaseFromRun } from './test-case-from-run';

/** What the flow test routes and services use of the server context. */
export type FlowTestDependencies = Pick<ServerContext, 'store' | 'now' | 'settings'>;

/** Every test case of flow `flowId` (of `project`, checked by the route's access), oldest first. */
export async function listTestCases(deps: FlowTestDependencies, flowId: string): Promise<FlowTestCase[]> {
  return (await listFlowTestCases(deps.store.db, flowId)).map(flowTestCaseView);
}

/** Adds a test case to flow `flowId` of `project`; 409 when the flow has its most test cases. */
export async function createTestCase(
  deps: FlowTestDependencies,
  project: ProjectRow,
  flowId: string,
  definition: FlowTestCaseDefinition,
  sourceRunId: string | null = null,
): Promise<FlowTestCase> {
  const row = await deps.store.write(async (trx) => {
    if ((await countFlowTestCases(trx, flowId)) >= MAX_FLOW_TEST_CASES) {
      throw ruleViolation(`A flow keeps at most ${MAX_FLOW_TEST_CASES} test cases`, { flowId });
    }
    const now = deps.now();
    return insertFlowTestCase(trx, {
      id: generateId(),
      projectId: project.id,
      flowId,
      displayName: definition.displayName,
      triggerOutput: toJson(definition.triggerOutput ?? null),
      recordings: toJson(definition.recordings),
      expectations: toJson(definition.expectations),
      sourceRunId,
      created: now,
      updated: now,
    });
  });
  return flowTestCaseView(row);
}

/**
 * Saves finished run `request.runId` of flow `flowId` as a test case (see `testCaseFromRun`);
 * 404 when the run is not one of the flow's, 409 while it is still in progress.
 */
export async function createTestCaseFromRun(
  deps: FlowTestDependencies,
  project: ProjectRow,
  flowId: string,
  request: CreateFlowTestCaseFromRunRequest,
): Promise<FlowTestCase> {
  const row = await findRun(deps.store.db, request.runId);
  if (row === undefined || row.projectId !== project.id || row.flowId !== flowId) {
    throw notFound('flowRun', request.runId);
  }
  if (!isTerminalRunStatus(row.status as FlowRunStatus)) {
    throw ruleViolation('Only a finished run can be saved as a test case', {
      runId: row.id,
      status: row.status,
    });
  }
  const run = await runWithSteps(deps.store, row);
  const response = fromJson<FlowResponse>(row.response);
  const displayName = request.displayName ?? `Run ${row.id} (${row.status})`;
  return createTestCase(deps, project, flowId, testCaseFromRun(run, response, displayName), row.id);
}

/** Changes the given fields of test case `id` of `project`; 404 when there is no such case. */
export async function updateTestCase(
  deps: FlowTestDependencies,
  project: ProjectRow,
  id: string,
  request: UpdateFlowTestCaseRequest,
): Promise<FlowTestCase> {
  const changes: Updateable<FlowTestCaseTable> = { updated: deps.now() };
  if (request.displayName !== undefined) changes.displayName = request.displayName;
  if ('triggerOutput' in request) changes.triggerOutput = toJson(request.triggerOutput ?? null);
  if (request.recordings !== undefined) changes.recordings = toJson(request.recordings);
  if (request.expectations !== undefined) changes.expectations = toJson(request.expectations);
  const row = await deps.store.write(async (trx) => {
    const updated = await updateFlowTestCase(trx, id, changes);
    if (updated === undefined || updated.projectId !== project.id) throw notFound('flowTestCase', id);
    return updated;
  });
  return flowTestCaseView(row);
}

/** Deletes test case `id` of `project`; 404 when there is no such case. */
export async function deleteTestCase(
  deps: FlowTestDependencies,
  project: ProjectRow,
  id: string,
): Promise<void> {
  await deps.store.write(async (trx) => {
    const deleted = await deleteFlowTestCase(trx, id);
    if (deleted === undefined || deleted.projectId !== project.id) throw notFound('flowTestCase', id);
  });
}
