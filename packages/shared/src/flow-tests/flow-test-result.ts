import { z } from 'zod';
import { FlowRunStatus } from '../flow-runs/flow-run-status';
import { StepOutputStatus } from '../flow-runs/step-output';
import { FlowTestExpectation } from './flow-test-expectation';

/**
 * Where a step's result in a test came from: RAN (code steps, routers and loops run for real),
 * RECORDED (a piece step answered from its recording), WOULD_CALL_SERVICE (a piece step with no
 * recording for this call, or called with another input than recorded: it was not run, and the
 * run stopped there).
 */
export const FlowTestStepSource = z.enum(['RAN', 'RECORDED', 'WOULD_CALL_SERVICE']);
export type FlowTestStepSource = z.infer<typeof FlowTestStepSource>;

/**
 * One step of a test's run: its place (`loop_1[0].step_2` inside loops), status and output. A
 * WOULD_CALL_SERVICE step is FAILED, with no output.
 */
export const FlowTestStepResult = z.object({
  stepName: z.string(),
  status: StepOutputStatus,
  source: FlowTestStepSource,
  output: z.unknown().optional(),
});
export type FlowTestStepResult = z.infer<typeof FlowTestStepResult>;

/**
 * An expectation that did not hold: what was found instead (`actual`, absent when there was
 * nothing, e.g. a step that never ran), a sentence saying so, and `diff`, a line diff of the
 * pretty-printed expected and actual values (`-` expected, `+` actual).
 */
export const FlowTestFailure = z.object({
  expectation: FlowTestExpectation,
  actual: z.unknown().optional(),
  message: z.string(),
  diff: z.string(),
});
export type FlowTestFailure = z.infer<typeof FlowTestFailure>;

/**
 * The outcome of one test case: `passed` when the run went through with no piece step calling a
 * service and every expectation held; `runStatus` is the status the run ended with (FAILED when
 * it stopped at a WOULD_CALL_SERVICE step); `steps` in execution order; `message` says why the
 * run failed, when it did.
 */
export const FlowTestResult = z.object({
  testCaseId: z.string(),
  displayName: z.string(),
  passed: z.boolean(),
  durationMs: z.number().min(0),
  runStatus: FlowRunStatus,
  failures: z.array(FlowTestFailure),
  steps: z.array(FlowTestStepResult),
  message: z.string().optional(),
});
export type FlowTestResult = z.infer<typeof FlowTestResult>;

/**
 * Body of `POST /v1/flows/:id/test-cases/run`: the version to test (default: the flow's draft)
 * and the test cases to run (default: all of the flow's).
 */
export const RunFlowTestsRequest = z.object({
  versionId: z.string().optional(),
  testCaseIds: z.array(z.string()).max(200).optional(),
});
export type RunFlowTestsRequest = z.infer<typeof RunFlowTestsRequest>;

/** Answer of `POST /v1/flows/:id/test-cases/run`: each case's result and how many passed and failed. */
export const RunFlowTestsResponse = z.object({
  versionId: z.string(),
  results: z.array(FlowTestResult),
  passed: z.number().int().min(0),
  failed: z.number().int().min(0),
});
export type RunFlowTestsResponse = z.infer<typeof RunFlowTestsResponse>;
