/**
 * The connections of a project (optionally of one piece) as the builder's connection picker and
 * the new-connection dialog read them. After creating or changing a connection, invalidate
 * {@link connectionsKey}`(projectId)`: it covers every piece's list of that project.
 */
import type { AppConnection } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
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
