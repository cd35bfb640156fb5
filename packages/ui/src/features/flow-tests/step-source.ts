/**
 * How the Tests tab and the Compare dialog name where a step's result came from in a test run:
 * the step ran, its recording answered, or it would have called the service (not run).
 */
import type { FlowTestStepSource } from '@piecework/shared';

/** The words and badge look of each step source. */
export const STEP_SOURCE_LABELS: Record<FlowTestStepSource, { label: string; badge: string }> = {
  RAN: { label: 'Ran', badge: 'info' },
  RECORDED: { label: 'Recorded', badge: 'success' },
  WOULD_CALL_SERVICE: { label: 'Would call the service', badge: 'warning' },
};
