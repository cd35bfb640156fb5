/**
 * The server state of a flow's tests: its test cases (listed, saved from a run, renamed, their
 * expectations changed, deleted), running them against the draft, and replaying the flow's recent
 * production runs against the draft before publishing. Results are answers of a run, never stored:
 * the caller keeps the latest ones.
 */
import type {
  FlowReplayResult,
  FlowTestCase,
  RunFlowTestsResponse,
  UpdateFlowTestCaseRequest,
} from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The cache keys of flow tests: every key starts with `flow-tests`, then the flow. */
export const flowTestKeys = {
  all: (flowId: string) => ['flow-tests', flowId] as const,
  cases: (flowId: string) => ['flow-tests', flowId, 'cases'] as const,
  replay: (flowId: string, draftUpdated: string, limit: number) =>
    ['flow-tests', flowId, 'replay', draftUpdated, limit] as const,
};

/** The test cases of flow `flowId`, oldest first. */
export function useTestCases(flowId: string) {
  const client = useApi();
  return useQuery({
    queryKey: flowTestKeys.cases(flowId),
    queryFn: (): Promise<FlowTestCase[]> => client.flowTests.list(flowId),
  });
}

/** Saves a finished run of flow `flowId` as a test case; answers the new test case. */
export function useSaveRunAsTestCase(flowId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, displayName }: { runId: string; displayName?: string }): Promise<FlowTestCase> =>
      client.flowTests.createFromRun(flowId, {
        runId,
        ...(displayName === undefined ? {} : { displayName }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: flowTestKeys.cases(flowId) }),
  });
}

/** Changes a test case of flow `flowId` (its name, its expectations...); answers it as saved. */
export function useUpdateTestCase(flowId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateFlowTestCaseRequest }): Promise<FlowTestCase> =>
      client.flowTests.update(id, change),
    onSuccess: (saved) => {
      queryClient.setQueryData<FlowTestCase[]>(flowTestKeys.cases(flowId), (list) =>
        list?.map((each) => (each.id === saved.id ? saved : each)),
      );
    },
  });
}

/** Deletes a test case of flow `flowId`. */
export function useDeleteTestCase(flowId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<unknown> => client.flowTests.delete(id),
    onSuccess: (_nothing, id) => {
      queryClient.setQueryData<FlowTestCase[]>(flowTestKeys.cases(flowId), (list) =>
        list?.filter((each) => each.id !== id),
      );
    },
  });
}

/** Runs test cases of flow `flowId` (all, or the ones named) against its draft. */
export function useRunTestCases(flowId: string) {
  const client = useApi();
  return useMutation({
    mutationFn: (testCaseIds?: string[]): Promise<RunFlowTestsResponse> =>
      client.flowTests.run(flowId, testCaseIds === undefined ? {} : { testCaseIds }),
  });
}

/**
 * The latest `limit` production runs of flow `flowId` replayed against its draft, read once per
 * draft (`draftUpdated` is the draft's last change) and limit: a replay is work for the server, so
 * it is not repeated on focus or kept after the dialog closes.
 */
export function useReplay(flowId: string, draftUpdated: string, limit: number) {
  const client = useApi();
  return useQuery({
    queryKey: flowTestKeys.replay(flowId, draftUpdated, limit),
    queryFn: (): Promise<FlowReplayResult> => client.flowTests.replay(flowId, { limit }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
