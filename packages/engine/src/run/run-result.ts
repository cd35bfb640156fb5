import type { FailedStep, StepOutputs } from '@piecework/shared';
import type { FlowResponse, PauseMetadata } from '../host/piece-runner';

interface RunResultBase {
  /** Step name -> record, in execution order, starting with `trigger`. */
  steps: StepOutputs;
  /** Milliseconds from start to end of this execution. */
  duration: number;
  /** How many step records the run holds (loop iterations counted). */
  stepsCount: number;
  /** The HTTP answer for a synchronous caller, when a step stopped the flow or responded. */
  response?: FlowResponse;
}

/** The run finished: every step that ran succeeded (or failed with continue-on-failure), or a step stopped the flow. */
export interface SucceededRunResult extends RunResultBase {
  status: 'SUCCEEDED';
}

/** The run waits (a delay, a webhook, an approval); resume it with its `steps`. */
export interface PausedRunResult extends RunResultBase {
  status: 'PAUSED';
  pause: PauseMetadata;
}

/**
 * The run ended without success; `failedStep` names the step that stopped it, when one did.
 * CANCELED only comes from a runner that stopped the run on request (`WorkerRunner`'s `signal`).
 */
export interface FailedRunResult extends RunResultBase {
  status:
    'FAILED' | 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED' | 'LOG_SIZE_EXCEEDED' | 'INTERNAL_ERROR' | 'CANCELED';
  failedStep?: FailedStep;
  message: string;
}

/** What one execution of the engine returns: match it on `status`. */
export type RunResult = SucceededRunResult | PausedRunResult | FailedRunResult;
