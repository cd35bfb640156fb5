/**
 * "Test flow": starts a TESTING run of the version shown (POST /v1/flow-runs/test) and hands the
 * run to the page, which links to it.
 */
import type { FlowRun, PopulatedFlow } from '@piecework/shared';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/session-context';
import { useToast } from '../../../components/toast';

/** Props of {@link TestFlowButton}. */
export interface TestFlowButtonProps {
  flow: PopulatedFlow;
  projectId: string;
  disabled: boolean;
  onStarted: (run: FlowRun) => void;
}

/** The "Test flow" button. */
export function TestFlowButton({ flow, projectId, disabled, onStarted }: TestFlowButtonProps) {
  const client = useApi();
  const { toastError } = useToast();
  const test = useMutation({
    mutationFn: () => client.flowRuns.test({ projectId, flowVersionId: flow.version.id }),
    onSuccess: onStarted,
    onError: toastError,
  });
  return (
    <button type="button" className="btn" disabled={disabled || test.isPending} onClick={() => test.mutate()}>
      {test.isPending ? 'Starting…' : 'Test flow'}
    </button>
  );
}
