/**
 * The stuck-runs page's server state: the project's stuck runs (read again every half minute),
 * the platform's default limits, a flow's limits, and the actions that set limits and end runs.
 */
import type { FlowStuckRunLimits, FlowStuckRunLimitsView, StuckRun, StuckRunLimits } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { runKeys } from './use-runs';

/** How often the stuck runs are read again: limits are whole minutes. */
const POLL_MS = 30_000;

/** The cache keys of the stuck-run watchdog. */
export const stuckRunKeys = {
  list: (projectId: string) => ['stuck-runs', projectId] as const,
  platformLimits: ['stuck-run-limits'] as const,
  flowLimits: (flowId: string) => ['stuck-run-limits', 'flow', flowId] as const,
};

/** The project's stuck runs, longest over their limit first. */
export function useStuckRuns(projectId: string) {
  const client = useApi();
  return useQuery({
    queryKey: stuckRunKeys.list(projectId),
    queryFn: (): Promise<StuckRun[]> => client.stuckRuns.list({ projectId }),
    refetchInterval: POLL_MS,
  });
}

/** The platform's default limits. */
export function usePlatformLimits() {
  const client = useApi();
  return useQuery({
    queryKey: stuckRunKeys.platformLimits,
    queryFn: (): Promise<StuckRunLimits> => client.stuckRuns.getPlatformLimits(),
  });
}

/** Sets the platform's default limits (platform admins). */
export function useSetPlatformLimits() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: StuckRunLimits) => client.stuckRuns.updatePlatformLimits(limits),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stuck-run-limits'] }),
  });
}

/** Flow `flowId`'s limits (disabled until a flow is chosen). */
export function useFlowLimits(flowId: string) {
  const client = useApi();
  return useQuery({
    queryKey: stuckRunKeys.flowLimits(flowId),
    enabled: flowId !== '',
    queryFn: (): Promise<FlowStuckRunLimitsView> => client.stuckRuns.getFlowLimits(flowId),
  });
}

/** Sets a flow's overrides; the project's stuck runs are read again. */
export function useSetFlowLimits(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flowId, limits }: { flowId: string; limits: FlowStuckRunLimits }) =>
      client.stuckRuns.updateFlowLimits(flowId, limits),
    onSuccess: async (view) => {
      queryClient.setQueryData(stuckRunKeys.flowLimits(view.flowId), view);
      await queryClient.invalidateQueries({ queryKey: stuckRunKeys.list(projectId) });
    },
  });
}

/** Ends stuck runs with a reason; the stuck runs and the run lists are read again. */
export function useEndStuckRuns(projectId: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ runIds, reason }: { runIds: string[]; reason: string }) =>
      client.stuckRuns.end({ projectId, flowRunIds: runIds, reason }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: stuckRunKeys.list(projectId) });
      await queryClient.invalidateQueries({ queryKey: runKeys.all(projectId) });
    },
  });
}
