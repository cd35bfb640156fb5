/**
 * The flows page's server state: a page of flows for the view, flow counts per folder, and the
 * changes made from the list (create, one flow operation, delete, duplicate, import). After any
 * change every list and count of the project is read again, and the flow's own cache too.
 */
import type { FlowOperation, Page, PopulatedFlow } from '@piecework/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { flowKeys } from './flow-keys';
import { folderQueryValue, type FolderFilter } from './flows-view';
import { duplicateFlow, importFlows, type ImportTarget } from './import-flows';

/** How many flows a page of the table shows. */
export const FLOWS_PAGE_SIZE = 10;

/** A page of the project's flows in `folder` whose name contains `name`. */
export function useFlowsPage(
  projectId: string,
  view: { folder: FolderFilter; name: string; cursor: string | undefined },
) {
  const client = useApi();
  return useQuery({
    queryKey: flowKeys.list(projectId, view),
    queryFn: (): Promise<Page<PopulatedFlow>> => {
      const folderId = folderQueryValue(view.folder);
      return client.flows.list({
        projectId,
        limit: FLOWS_PAGE_SIZE,
        ...(folderId === undefined ? {} : { folderId }),
        ...(view.name.trim() === '' ? {} : { name: view.name.trim() }),
        ...(view.cursor === undefined ? {} : { cursor: view.cursor }),
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** How many flows are in `folder` (all, none, or one folder). */
export function useFlowCount(projectId: string, folder: FolderFilter) {
  const client = useApi();
  return useQuery({
    queryKey: flowKeys.count(projectId, folder),
    queryFn: (): Promise<number> => {
      const folderId = folderQueryValue(folder);
      return client.flows.count({ projectId, ...(folderId === undefined ? {} : { folderId }) });
    },
  });
}

/** Refreshes every list and count of the project's flows, and flow `flowId`'s own cache. */
function useRefreshFlows(projectId: string) {
  const queryClient = useQueryClient();
  return (flowId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: flowKeys.all(projectId) }),
      ...(flowId === undefined ? [] : [queryClient.invalidateQueries({ queryKey: flowKeys.one(flowId) })]),
    ]);
}

/** Creates an `Untitled` flow in `folderId`; answers it. */
export function useCreateFlow(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFlows(projectId);
  return useMutation({
    mutationFn: (folderId: string | null) =>
      client.flows.create({ projectId, displayName: 'Untitled', folderId }),
    onSuccess: () => refresh(),
  });
}

/** Applies one flow operation (rename, move to folder...) to a flow. */
export function useFlowOperation(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFlows(projectId);
  return useMutation({
    mutationFn: ({ flowId, operation }: { flowId: string; operation: FlowOperation }) =>
      client.flows.update(flowId, operation),
    onSuccess: (flow) => refresh(flow.id),
  });
}

/** Deletes a flow (and its versions and runs). */
export function useDeleteFlow(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFlows(projectId);
  return useMutation({
    mutationFn: (flowId: string) => client.flows.delete(flowId),
    onSuccess: (_, flowId) => refresh(flowId),
  });
}

/** Duplicates a flow beside it; answers the copy. */
export function useDuplicateFlow(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFlows(projectId);
  return useMutation({
    mutationFn: (flow: PopulatedFlow) => duplicateFlow(client, flow),
    onSuccess: () => refresh(),
  });
}

/** Imports the flows of an export's JSON; answers the new flows (see `importFlows`). */
export function useImportFlows(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFlows(projectId);
  return useMutation({
    mutationFn: ({ json, folderId }: { json: unknown; folderId: ImportTarget['folderId'] }) =>
      importFlows(client, json, { projectId, folderId }),
    // A failed import deleted what it created, but the lists may have seen it meanwhile.
    onSettled: () => refresh(),
  });
}
