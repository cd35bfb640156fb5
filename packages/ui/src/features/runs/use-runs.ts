/**
 * The runs pages' server state: a page of the project's runs, one run with its steps, the flow
 * version a run ran (for its step tree), and the retry, cancel and bulk actions. Lists and runs that are
 * not final are polled, so running and queued runs move on their own.
 */
import {
  isTerminalRunStatus,
  type BulkFlowRunSelection,
  type FlowRetryStrategy,
  type FlowRun,
  type ListFlowRunsQuery,
  type Page,
  type PopulatedFlow,
} from '@piecework/shared';
import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** How often a list with unfinished runs, or an unfinished run, is read again. */
const POLL_MS = 1_500;

/** The cache keys of runs: every key starts with `runs`, then the project. */
export const runKeys = {
  all: (projectId: string) => ['runs', projectId] as const,
  list: (projectId: string, query: ListFlowRunsQuery) => ['runs', projectId, 'list', query] as const,
  one: (projectId: string, runId: string) => ['runs', projectId, 'run', runId] as const,
};

/** A page of the project's runs matching `query`; polled while any run on it is not final. */
export function useRunsPage(query: ListFlowRunsQuery) {
  const client = useApi();
  return useQuery({
    queryKey: runKeys.list(query.projectId, query),
    queryFn: (): Promise<Page<FlowRun>> => client.flowRuns.list(query),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.data.some((run) => !isTerminalRunStatus(run.status)) === true ? POLL_MS : false,
  });
}

/** Run `runId` with its steps; polled until it is final. */
export function useRun(projectId: string, runId: string) {
  const client = useApi();
  return useQuery({
    queryKey: runKeys.one(projectId, runId),
    queryFn: (): Promise<FlowRun> => client.flowRuns.get(runId),
    refetchInterval: (current) => {
      const status = current.state.data?.status;
      return status !== undefined && !isTerminalRunStatus(status) ? POLL_MS : false;
    },
  });
}

/**
 * The flow of a run with the version the run ran (its steps' structure and names); disabled until
 * the run is known. Fails with 404 when the flow was deleted since.
 */
export function useRunFlow(run: FlowRun | undefined) {
  const client = useApi();
  return useQuery({
    queryKey: ['flow', run?.flowId, 'version', run?.flowVersionId],
    enabled: run !== undefined,
    queryFn: (): Promise<PopulatedFlow> => client.flows.get(run!.flowId, { versionId: run!.flowVersionId }),
    staleTime: 60_000,
  });
}

/** Retries a run with a strategy; answers the run to show next (the same one, or a new one). */
export function useRetryRun(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runId, strategy }: { runId: string; strategy: FlowRetryStrategy }) =>
      client.flowRuns.retry(runId, { projectId, strategy }),
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.one(projectId, run.id), run);
      return queryClient.invalidateQueries({ queryKey: runKeys.all(projectId) });
    },
  });
}

/** A bulk action of the runs list, on a selection by ids or by filter. */
export type BulkRunAction =
  | { kind: 'retry'; strategy: FlowRetryStrategy; selection: BulkFlowRunSelection }
  | { kind: 'cancel'; selection: BulkFlowRunSelection }
  | { kind: 'archive'; selection: BulkFlowRunSelection };

/** Runs a {@link BulkRunAction}; answers how many runs it changed. */
export function useBulkRunAction(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: BulkRunAction): Promise<number> => {
      switch (action.kind) {
        case 'retry':
          return (await client.flowRuns.retryMany({ ...action.selection, strategy: action.strategy })).count;
        case 'archive':
          return (await client.flowRuns.archive(action.selection)).count;
        case 'cancel':
          return (await client.flowRuns.cancel(action.selection)).filter((run) => run.status === 'CANCELED')
            .length;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runKeys.all(projectId) }),
  });
}

/** Cancels runs; the runs as they are after (CANCELED, or the end they already had). */
export function useCancelRuns(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runIds: string[]) => client.flowRuns.cancel({ projectId, flowRunIds: runIds }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: runKeys.all(projectId) }),
  });
}
