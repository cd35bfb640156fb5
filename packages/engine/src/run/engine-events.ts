import type { StepOutput, StepPath } from '@piecework/shared';
import type { FlowResponse } from '../host/piece-runner';

/**
 * Events of a running flow (eventemitter3). Subscribe to persist or stream progress:
 * - `step.started`: a step is about to run;
 * - `step.finished`: a step produced its record (also PAUSED and FAILED ones);
 * - `run.responded`: a step answered the synchronous caller early (respond and continue).
 */
export interface EngineEvents {
  'step.started': (event: { stepName: string; path: StepPath }) => void;
  'step.finished': (event: { stepName: string; path: StepPath; record: StepOutput }) => void;
  'run.responded': (response: FlowResponse) => void;
}
