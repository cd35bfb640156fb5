/**
 * Running one flow test case: the version on the case's trigger output with its recordings
 * (`replayRun` of the engine: nothing reaches a service), then its expectations checked. Used by
 * the server's test endpoint and by `piecework test` on a project directory alike.
 */
import { performance } from 'node:perf_hooks';
import { replayRun, type EngineOptions, type LocalPieces } from '@piecework/engine';
import type { FlowTestCaseDefinition, FlowTestResult, FlowVersion } from '@piecework/shared';
import { checkExpectations } from './check-expectations';

/** How a test case runs: the engine's limits and the pieces run for real. */
export interface TestCaseRunOptions {
  /** Limits: `flowTimeoutSeconds` and `codeMemoryLimitMb` bound each case. */
  engine: Partial<EngineOptions>;
  local: LocalPieces;
  projectId: string;
}

/** A test case to run: its definition, and its id (`''` for a case of a project file, by position). */
export interface RunnableTestCase extends FlowTestCaseDefinition {
  id: string;
}

/**
 * Runs `testCase` against `flowVersion` and answers its result: passed when no piece step would
 * have called a service and every expectation held. The engine runs in this thread (see
 * `replayRun`): a busy code step holds the event loop until `engine.flowTimeoutSeconds`.
 */
export async function runTestCase(
  flowVersion: FlowVersion,
  testCase: RunnableTestCase,
  options: TestCaseRunOptions,
): Promise<FlowTestResult> {
  const started = performance.now();
  const replay = await replayRun({
    flowVersion,
    triggerOutput: testCase.triggerOutput,
    recordings: testCase.recordings,
    options: options.engine,
    local: options.local,
    run: {
      id: `test-${testCase.id || 'case'}`,
      flowId: flowVersion.flowId,
      flowVersionId: flowVersion.id,
      projectId: options.projectId,
      environment: 'TESTING',
    },
  });
  const { result } = replay;
  const failures = checkExpectations(testCase.expectations, {
    status: result.status,
    steps: result.steps,
    response: result.response,
  });
  const message =
    replay.wouldCallService?.message ??
    (result.status === 'PAUSED' || result.status === 'SUCCEEDED' ? undefined : result.message);
  return {
    testCaseId: testCase.id,
    displayName: testCase.displayName,
    passed: replay.wouldCallService === undefined && failures.length === 0,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    runStatus: result.status,
    failures,
    steps: replay.steps,
    ...(message === undefined ? {} : { message }),
  };
}
