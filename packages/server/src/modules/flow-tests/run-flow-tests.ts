/** Running a flow's test cases against one of its versions (`POST /v1/flows/:id/test-cases/run`). */
import type { FlowTestResult, RunFlowTestsRequest, RunFlowTestsResponse } from '@piecework/shared';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { FlowTestDependencies } from './flow-test-case-service';
import { listFlowTestCases } from './flow-test-case-repository';
import { flowTestCaseView } from './flow-test-case-view';
import { FlowTestBudget, flowTestEngineOptions } from './flow-test-limits';
import { respondingPieces } from './local-pieces';
import { runTestCase } from './run-test-case';
import { versionUnderTest } from './version-under-test';

/**
 * Runs the test cases of flow `flowId` (all, or those of `request.testCaseIds`, in their order of
 * creation) one after another against `request.versionId` or the flow's draft. Nothing is stored
 * and no service is called. Each case runs in this thread, bounded by `flowTestEngineOptions`
 * and the request's `FlowTestBudget` (the cases left once it is spent fail as not run); the event
 * loop gets a turn between cases.
 */
export async function runFlowTests(
  deps: FlowTestDependencies,
  project: ProjectRow,
  flowId: string,
  request: RunFlowTestsRequest,
): Promise<RunFlowTestsResponse> {
  const version = await versionUnderTest(deps.store.db, flowId, request.versionId);
  const wanted = request.testCaseIds === undefined ? undefined : new Set(request.testCaseIds);
  const cases = (await listFlowTestCases(deps.store.db, flowId))
    .filter((row) => wanted === undefined || wanted.has(row.id))
    .map(flowTestCaseView);
  const budget = new FlowTestBudget();
  const local = respondingPieces();
  const results: FlowTestResult[] = [];
  for (const testCase of cases) {
    const engine = flowTestEngineOptions(deps.settings.config, budget);
    if (engine === undefined) {
      results.push(notRun(testCase));
      continue;
    }
    results.push(await runTestCase(version, testCase, { engine, local, projectId: project.id }));
    await nextTurn();
  }
  const passed = results.filter((result) => result.passed).length;
  return { versionId: version.id, results, passed, failed: results.length - passed };
}

/** The result of a case left when the request's time was spent. */
function notRun(testCase: { id: string; displayName: string }): FlowTestResult {
  return {
    testCaseId: testCase.id,
    displayName: testCase.displayName,
    passed: false,
    durationMs: 0,
    runStatus: 'TIMEOUT',
    failures: [],
    steps: [],
    message: FlowTestBudget.spentMessage(),
  };
}
