/**
 * The versions of a flow (newest first, the latest 100) and one past version with its steps,
 * for the versions panel and the read-only view. Keys start with the flow's key, so whatever
 * refreshes the flow (an edit's conflict, a publish) refreshes them too.
 */
import type { FlowVersion, PopulatedFlow } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../api/session-context';
import { flowKey } from '../flow-editor/use-flow-editor';

/** The cache key of a flow's version list. */
export const versionsKey = (flowId: string) => [...flowKey(flowId), 'versions'] as const;

/** The latest 100 versions of flow `flowId`, newest first. */
export function useFlowVersions(flowId: string) {
  const client = useApi();
  return useQuery({
    queryKey: versionsKey(flowId),
    queryFn: async (): Promise<FlowVersion[]> =>
      (await client.flows.listVersions(flowId, { limit: 100 })).data,
  });
}

/** Flow `flowId` with version `versionId` (disabled while `versionId` is null). */
export function useFlowAtVersion(flowId: string, versionId: string | null) {
  const client = useApi();
  return useQuery({
    queryKey: [...flowKey(flowId), 'at-version', versionId],
    enabled: versionId !== null,
    queryFn: (): Promise<PopulatedFlow> => client.flows.get(flowId, { versionId: versionId ?? undefined }),
    // A locked version never changes; a draft is re-read when it is opened again.
    staleTime: 60_000,
  });
}
