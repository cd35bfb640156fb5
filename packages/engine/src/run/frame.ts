import type { StepOutputs, StepPath } from '@piecework/shared';
import type { StepScope } from './step-scope';

/**
 * One level of a run being walked: the run's top level, or one loop iteration. Records written
 * here, the saved records of the same level when resuming, and the scope expressions see.
 */
export interface Frame {
  records: StepOutputs;
  previous: StepOutputs | undefined;
  scope: StepScope;
  path: StepPath;
}
