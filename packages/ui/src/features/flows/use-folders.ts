/**
 * The project's folders (every page, sorted by `displayOrder` then name) and their changes:
 * create, rename, delete (a deleted folder's flows stay, in no folder). Folder names are unique
 * per project ignoring case; the server's 409 message says so.
 */
import { items } from '@piecework/client';
import type { Folder } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { flowKeys } from './flow-keys';

/** Every folder of the project, in display order. */
export function useFolders(projectId: string) {
  const client = useApi();
  return useQuery({
    queryKey: flowKeys.folders(projectId),
    queryFn: async (): Promise<Folder[]> => {
      const folders: Folder[] = [];
      for await (const folder of items(client.folders.list, { projectId, limit: 100 })) folders.push(folder);
      return folders.sort(
        (a, b) => a.displayOrder - b.displayOrder || a.displayName.localeCompare(b.displayName),
      );
    },
  });
}

/** Refreshes the folders and every list and count of flows (a flow's folder may have changed). */
function useRefreshFolders(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: flowKeys.folders(projectId) }),
      queryClient.invalidateQueries({ queryKey: flowKeys.all(projectId) }),
    ]);
}

/** Creates a folder named `displayName`; answers it. */
export function useCreateFolder(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFolders(projectId);
  return useMutation({
    mutationFn: (displayName: string) => client.folders.create({ projectId, displayName }),
    onSuccess: () => refresh(),
  });
}

/** Renames a folder. */
export function useRenameFolder(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFolders(projectId);
  return useMutation({
    mutationFn: ({ folderId, displayName }: { folderId: string; displayName: string }) =>
      client.folders.update(folderId, { displayName }),
    onSuccess: () => refresh(),
  });
}

/** Deletes a folder; its flows stay, in no folder. */
export function useDeleteFolder(projectId: string) {
  const client = useApi();
  const refresh = useRefreshFolders(projectId);
  return useMutation({
    mutationFn: (folderId: string) => client.folders.delete(folderId),
    onSuccess: () => refresh(),
  });
}
