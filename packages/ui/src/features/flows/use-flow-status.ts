/**
 * Turns a published flow on or off (CHANGE_STATUS) from the list, optimistically: every cached
 * list shows the new status at once and goes back to what it was if the server refuses, whose
 * message is then shown.
 */
import type { FlowStatus, Page, PopulatedFlow } from '@piecework/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { useToast } from '../../components/toast';
import { flowKeys } from './flow-keys';

/** The mutation that sets a flow's status; pass `{flowId, status}`. */
export function useFlowStatus(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  const { toastError } = useToast();
  return useMutation({
    mutationFn: ({ flowId, status }: { flowId: string; status: FlowStatus }) =>
      client.flows.update(flowId, { type: 'CHANGE_STATUS', request: { status } }),
    onMutate: async ({ flowId, status }) => {
      await queryClient.cancelQueries({ queryKey: flowKeys.lists(projectId) });
      const before: [QueryKey, Page<PopulatedFlow> | undefined][] = queryClient.getQueriesData({
        queryKey: flowKeys.lists(projectId),
      });
      queryClient.setQueriesData<Page<PopulatedFlow>>({ queryKey: flowKeys.lists(projectId) }, (page) =>
        page === undefined
          ? page
          : { ...page, data: page.data.map((flow) => (flow.id === flowId ? { ...flow, status } : flow)) },
      );
      return { before };
    },
    onError: (error, _variables, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toastError(error);
    },
    onSettled: (_data, _error, { flowId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: flowKeys.all(projectId) }),
        queryClient.invalidateQueries({ queryKey: flowKeys.one(flowId) }),
      ]),
  });
}
