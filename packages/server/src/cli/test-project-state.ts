/**
 * The in-process half of `piecework test <dir>`: a project's flows (a `ProjectState`, as read
 * from its files) and their test cases run with the engine in this process, no server. Each
 * flow's version is made from its state with IMPORT_FLOW, as importing it into a project would.
 */
import {
  applyFlowVersionOperation,
  createEmptyFlowVersion,
  FlowTestCaseDefinition,
  type FlowState,
  type FlowTestResult,
  type FlowVersion,
  type ProjectState,
} from '@piecework/shared';
import { respondingPieces } from '../modules/flow-tests/local-pieces';
import { runTestCase, type TestCaseRunOptions } from '../modules/flow-tests/run-test-case';
import { FLOW_TEST_TIMEOUT_SECONDS } from '../modules/flow-tests/flow-test-limits';
import type { FlowTestSuite } from './junit-report';

/** The contents of a `flows/<externalId>.tests.json` file: an array of test cases without ids. */
export const FlowTestCasesFile = FlowTestCaseDefinition.array();

const LOCAL_TIME = '1970-01-01T00:00:00.000Z';

/** The version of a flow of a project state, as a draft of a flow whose id is its externalId. */
export function versionOfFlowState(flow: FlowState): FlowVersion {
  const empty = createEmptyFlowVersion({
    id: flow.externalId,
    flowId: flow.externalId,
    displayName: flow.version.displayName,
    now: LOCAL_TIME,
  });
  return applyFlowVersionOperation(
    empty,
    { type: 'IMPORT_FLOW', request: flow.version },
    { now: LOCAL_TIME },
  );
}

/**
 * Runs the test cases of every flow of `state` that has a tests file in `testFiles` (by the
 * flow's externalId, the file's parsed JSON), in externalId order. A tests file naming no flow of
 * the state, or not holding test cases, is a suite with an error.
 */
export async function testProjectState(
  state: ProjectState,
  testFiles: ReadonlyMap<string, unknown>,
): Promise<FlowTestSuite[]> {
  const options: TestCaseRunOptions = {
    engine: { flowTimeoutSeconds: FLOW_TEST_TIMEOUT_SECONDS },
    local: respondingPieces(),
    projectId: 'local',
  };
  const flows = new Map(state.flows.map((flow) => [flow.externalId, flow]));
  const suites: FlowTestSuite[] = [];
  for (const externalId of [...testFiles.keys()].sort()) {
    const flow = flows.get(externalId);
    const displayName = flow?.version.displayName ?? externalId;
    if (flow === undefined) {
      suites.push({
        flowKey: externalId,
        displayName,
        results: [],
        error: `no flow has the externalId ${externalId}`,
      });
      continue;
    }
    const parsed = FlowTestCasesFile.safeParse(testFiles.get(externalId));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
      suites.push({
        flowKey: externalId,
        displayName,
        results: [],
        error: `flows/${externalId}.tests.json is not a list of test cases${where}: ${issue?.message ?? ''}`,
      });
      continue;
    }
    const version = versionOfFlowState(flow);
    const results: FlowTestResult[] = [];
    for (const [index, testCase] of parsed.data.entries()) {
      results.push(
        await runTestCase(version, { ...testCase, id: `${externalId}#${String(index + 1)}` }, options),
      );
    }
    suites.push({ flowKey: externalId, displayName, results });
  }
  return suites;
}
