import type { PauseMetadata } from '../host/piece-runner';

/** Run statuses that end a run without success. */
export type FailureStatus =
  'FAILED' | 'TIMEOUT' | 'MEMORY_LIMIT_EXCEEDED' | 'LOG_SIZE_EXCEEDED' | 'INTERNAL_ERROR';

/**
 * Why walking a chain of steps stopped before its end:
 * - STOPPED: a step stopped the flow (it ends SUCCEEDED);
 * - PAUSED: a step paused the run;
 * - FAILED: a step failed (or a limit was hit), ending the run with `status`.
 */
export type Halt =
  | { kind: 'STOPPED' }
  | { kind: 'PAUSED'; pause: PauseMetadata }
  | { kind: 'FAILED'; status: FailureStatus; message: string; step?: { name: string; displayName: string } };

/** A failure halt of a step. */
export function failedHalt(
  status: FailureStatus,
  message: string,
  step?: { name: string; displayName: string },
): Halt {
  return {
    kind: 'FAILED',
    status,
    message,
    step: step && { name: step.name, displayName: step.displayName },
  };
}

/** The message of a run past AP_FLOW_TIMEOUT_SECONDS (also used by the worker runner's hard deadline). */
export function timeoutMessage(flowTimeoutSeconds: number): string {
  return `The run exceeded its time limit of ${flowTimeoutSeconds} seconds`;
}

/** The halt of a run past its deadline. */
export function timeoutHalt(flowTimeoutSeconds: number): Halt {
  return failedHalt('TIMEOUT', timeoutMessage(flowTimeoutSeconds));
}
