/**
 * "Test flow": starts a TESTING run of the version shown and hands the run to the page, which
 * links to it (see `use-test-flow.ts`).
 */
import type { FlowRun, PopulatedFlow } from '@piecework/shared';
import { useTestFlow } from './use-test-flow';

/** Props of {@link TestFlowButton}. */
export interface TestFlowButtonProps {
  flow: PopulatedFlow;
  projectId: string;
  disabled: boolean;
  onStarted: (run: FlowRun) => void;
}

/** The "Test flow" button. */
export function TestFlowButton({ flow, projectId, disabled, onStarted }: TestFlowButtonProps) {
  const test = useTestFlow(flow, projectId, onStarted);
  return (
    <button type="button" className="btn" disabled={disabled || test.pending} onClick={test.start}>
      {test.pending ? 'Starting…' : 'Test flow'}
    </button>
  );
}
