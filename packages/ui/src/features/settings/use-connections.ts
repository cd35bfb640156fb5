/**
 * A project's connections as the settings page lists them (`GET /v1/app-connections`), a page at
 * a time, filtered by a part of the display name. Invalidate {@link connectionsKey} after any
 * change of the project's connections.
 */
import type { AppConnection, Page } from '@piecework/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The query key of every connection listing of `projectId`. */
export function connectionsKey(projectId: string) {
  return ['app-connections', projectId] as const;
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
