/** Flow tests and replay: test cases with recorded piece steps, their results, and replaying past runs. */
export { StepRecording, StepRecordings } from './step-recording';
export {
  FlowTestExpectation,
  ResponseExpectation,
  RunStatusExpectation,
  StepOutputExpectation,
} from './flow-test-expectation';
export {
  CreateFlowTestCaseFromRunRequest,
  CreateFlowTestCaseRequest,
  FlowTestCase,
  FlowTestCaseDefinition,
  MAX_FLOW_TEST_CASES,
  UpdateFlowTestCaseRequest,
} from './flow-test-case';
export {
  FlowTestFailure,
  FlowTestResult,
  FlowTestStepResult,
  FlowTestStepSource,
  RunFlowTestsRequest,
  RunFlowTestsResponse,
} from './flow-test-result';
export {
  DEFAULT_REPLAY_RUNS,
  FlowReplayRequest,
  FlowReplayResult,
  MAX_REPLAY_RUNS,
  ReplayRunOutcome,
  ReplayStepChange,
  ReplayStepChangeKind,
  ReplayedRun,
} from './flow-replay';
