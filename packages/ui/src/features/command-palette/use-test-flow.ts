/**
 * The palette's "Test flow": starts a TESTING run of the draft (POST /v1/flow-runs/test), as the
 * builder header's "Test flow" button does, and hands the run to the page.
 */
import type { FlowRun, PopulatedFlow } from '@piecework/shared';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { useToast } from '../../components/toast';

/** A function that tests `flow`'s version, calling `onStarted` with the run. */
export function useTestFlow(flow: PopulatedFlow, projectId: string, onStarted: (run: FlowRun) => void) {
  const client = useApi();
  const { toastError } = useToast();
  const test = useMutation({
    mutationFn: (flowVersionId: string) => client.flowRuns.test({ projectId, flowVersionId }),
    onSuccess: onStarted,
    onError: toastError,
  });
  const { mutate, isPending } = test;
  return () => {
    if (!isPending) mutate(flow.version.id);
  };
}
