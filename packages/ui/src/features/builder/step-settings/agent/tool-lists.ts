/**
 * What the agent tool dialogs offer, read through the client: the project's flows that can be a
 * tool (see `isToolFlowTrigger`) and the project's tables (knowledge bases). The first 100 of each,
 * newest first — enough for a picker; a project with more finds them by name on its pages.
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../../api/session-context';
import { isToolFlowTrigger } from './agent-input';

/** The project's flows whose trigger makes them callable as a tool. */
export function useToolFlows(projectId: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['agent-tool-flows', projectId],
    queryFn: async () => {
      const page = await client.flows.list({ projectId, limit: 100 });
      return page.data.filter((flow) => isToolFlowTrigger(flow.version.trigger));
    },
  });
}

/** The project's tables. */
export function useToolTables(projectId: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['agent-tool-tables', projectId],
    queryFn: async () => (await client.tables.list({ projectId, limit: 100 })).data,
  });
}
