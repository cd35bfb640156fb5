/** The project's flows offered in a picker (the runs filter, the stuck-run limits). */
import type { PopulatedFlow } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The first 100 flows of `projectId`, most recent first, cached for 30 s under one key. */
export function useFlowOptions(projectId: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['flows', projectId, 'options'],
    queryFn: async (): Promise<PopulatedFlow[]> => (await client.flows.list({ projectId, limit: 100 })).data,
    staleTime: 30_000,
  });
}
