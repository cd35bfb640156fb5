import type { FlowVersion, StepOutputs } from '@piecework/shared';
import type { ResumePayload, RunInfo } from '../host/piece-runner';

/** A new run of a flow version with a trigger payload. */
export interface ExecuteRequest {
  kind: 'EXECUTE';
  flowVersion: FlowVersion;
  run: RunInfo;
  triggerPayload: unknown;
}

/**
 * Resumes a PAUSED run from its saved `steps`: completed steps are not executed again, routers
 * are re-evaluated, and the paused step runs again with `resumePayload`.
 */
export interface ResumeRequest {
  kind: 'RESUME';
  flowVersion: FlowVersion;
  run: RunInfo;
  steps: StepOutputs;
  resumePayload: ResumePayload;
}

/**
 * Retries a FAILED run from its failed step: a resume of its saved `steps` with the failed
 * step's record dropped (steps that succeeded keep their outputs).
 */
export interface RetryFromFailedStepRequest {
  kind: 'RETRY_FROM_FAILED_STEP';
  flowVersion: FlowVersion;
  run: RunInfo;
  steps: StepOutputs;
}

/**
 * Runs one step only (`stepNameToTest`), with every other step's output taken from sample data
 * (step name -> output; `trigger` for the trigger).
 */
export interface TestStepRequest {
  kind: 'TEST_STEP';
  flowVersion: FlowVersion;
  run: RunInfo;
  stepName: string;
  sampleData: Record<string, unknown>;
}

/** Everything the engine can be asked to do; plain data, so it can cross into a worker thread. */
export type EngineRequest = ExecuteRequest | ResumeRequest | RetryFromFailedStepRequest | TestStepRequest;
