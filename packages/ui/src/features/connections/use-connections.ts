/**
 * A project's connections, as the builder's connection picker (one piece's) and the connections
 * page (a page at a time, searched by name) read them. After creating or changing a connection,
 * invalidate {@link connectionsKey}`(projectId)`: it covers every listing of that project.
 */
import type { AppConnection, Page } from '@piecework/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The query key of a project's connections (all pieces: the prefix of each piece's key). */
export function connectionsKey(projectId: string, pieceName?: string) {
  return pieceName === undefined
    ? (['app-connections', projectId] as const)
    : (['app-connections', projectId, pieceName] as const);
}

/** The project's connections of piece `pieceName` (the first 100). */
export function usePieceConnections(projectId: string, pieceName: string) {
  const client = useApi();
  return useQuery({
    queryKey: connectionsKey(projectId, pieceName),
    queryFn: async (): Promise<AppConnection[]> =>
      (await client.appConnections.list({ projectId, pieceName, limit: 100 })).data,
  });
}

/** One page of the project's connections whose name contains `search` (all when empty). */
export function useConnections(projectId: string, search: string, cursor: string | undefined) {
  const client = useApi();
  return useQuery({
    queryKey: [...connectionsKey(projectId), { search, cursor }],
    queryFn: (): Promise<Page<AppConnection>> =>
      client.appConnections.list({
        projectId,
        limit: 20,
        ...(search === '' ? {} : { displayName: search }),
        ...(cursor === undefined ? {} : { cursor }),
      }),
    placeholderData: keepPreviousData,
  });
}
