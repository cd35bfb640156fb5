/**
 * "Test flow" of the builder (its header button and the command palette): starts a TESTING run
 * of the version shown (POST /v1/flow-runs/test) and hands the run to the page.
 */
import type { FlowRun, PopulatedFlow } from '@piecework/shared';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../api/session-context';
import { useToast } from '../../../components/toast';

/** What {@link useTestFlow} answers: `start` tests the flow (once at a time), `pending` while it starts. */
export interface TestFlow {
  start(): void;
  readonly pending: boolean;
}

/** The test of `flow`'s version, calling `onStarted` with the run. */
export function useTestFlow(
  flow: PopulatedFlow,
  projectId: string,
  onStarted: (run: FlowRun) => void,
): TestFlow {
  const client = useApi();
  const { toastError } = useToast();
  const test = useMutation({
    mutationFn: (flowVersionId: string) => client.flowRuns.test({ projectId, flowVersionId }),
    onSuccess: onStarted,
    onError: toastError,
  });
  const { mutate, isPending } = test;
  return {
    start: () => {
      if (!isPending) mutate(flow.version.id);
    },
    pending: isPending,
  };
}
