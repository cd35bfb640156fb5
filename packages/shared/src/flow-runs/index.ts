/** Flow runs: their status and records, the run API's requests and filter, stuck runs and storage used. */
export {
  ArchiveFlowRunsRequest,
  BulkFlowRunSelection,
  BulkFlowRunsResult,
  BulkRetryFlowRunsRequest,
  CancelFlowRunsRequest,
  FlowRetryStrategy,
  FlowRunFilter,
  ListFlowRunsQuery,
  RetryFlowRunRequest,
  TestFlowRunRequest,
} from './flow-run-requests';
export { FAIL_PARENT_ON_FAILURE_HEADER, PARENT_RUN_ID_HEADER } from './subflow-headers';
export { FlowRunStatus, NON_TERMINAL_RUN_STATUSES, isTerminalRunStatus } from './flow-run-status';
export { FailedStep, FlowRun } from './flow-run';
export {
  DEFAULT_STUCK_RUN_LIMITS,
  FlowStuckRunLimits,
  FlowStuckRunLimitsView,
  MAX_STUCK_RUN_LIMIT_MINUTES,
  StuckRunLimits,
} from './stuck-run-limits';
export {
  EndStuckRunsRequest,
  ListStuckRunsQuery,
  MAX_END_REASON_CHARS,
  StuckRun,
  StuckRunLimitSource,
  StuckRunStatus,
} from './stuck-run';
export { RunEnvironment } from './run-environment';
export { FlowStorageUsage, ProjectStorageUsage, StorageUsageQuery } from './storage-usage';
export { StepOutput, StepOutputStatus, StepOutputType, StepOutputs } from './step-output';
export { FiledRecords, assembleSteps } from './records/filed-records';
export type { FileOptions } from './records/filed-records';
export { LoopOutput, enterIteration, loopOutput, storedRecord } from './records/loop-output';
export { StepPath, formatStepPath, parseStepPath } from './records/step-path';
export type { StepPlace } from './records/step-path';
export { countStepRecords, forEachRecord, withoutFailedStep } from './records/walk-records';
