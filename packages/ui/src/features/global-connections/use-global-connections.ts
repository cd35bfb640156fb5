/**
 * The platform's global connections over TanStack Query: the list (a page at a time, searchable
 * by name), creating one for chosen projects, changing its name and projects, and deleting it.
 * Their secret values never come back from the server.
 */
import type {
  AppConnection,
  UpdateGlobalConnectionRequest,
  UpsertAppConnectionRequest,
  UpsertGlobalConnectionRequest,
} from '@piecework/shared';
import { items } from '@piecework/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The query key of every page of the global connection list. */
export const GLOBAL_CONNECTIONS_KEY = ['global-connections'] as const;

/** A page of global connections whose name contains `search`, from `cursor`. */
export function useGlobalConnections(search: string, cursor: string | undefined) {
  const client = useApi();
  return useQuery({
    queryKey: [...GLOBAL_CONNECTIONS_KEY, search, cursor],
    queryFn: () =>
      client.globalConnections.list({
        limit: 50,
        ...(search === '' ? {} : { displayName: search }),
        ...(cursor === undefined ? {} : { cursor }),
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every global connection of the platform, across pages: the external ids a new one must not
 * take (saving one with a taken id would replace that connection).
 */
export function useAllGlobalConnections() {
  const client = useApi();
  return useQuery({
    queryKey: [...GLOBAL_CONNECTIONS_KEY, 'all'],
    queryFn: async (): Promise<AppConnection[]> => {
      const all: AppConnection[] = [];
      const everyPage = (query: { cursor?: string | undefined }) =>
        client.globalConnections.list({ ...query, limit: 100 });
      for await (const connection of items(everyPage)) all.push(connection);
      return all;
    },
  });
}

/**
 * The global-connection request of what the new-connection form made for a project: the same
 * credentials, for `projectIds` instead of one project.
 */
export function globalRequest(
  request: UpsertAppConnectionRequest,
  projectIds: readonly string[],
): UpsertGlobalConnectionRequest {
  const { projectId: _project, ...rest } = request;
  return { ...rest, projectIds: [...projectIds] } as UpsertGlobalConnectionRequest;
}

/** Creating (or replacing, by external id) a global connection. */
export function useUpsertGlobalConnection() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpsertGlobalConnectionRequest): Promise<AppConnection> =>
      client.globalConnections.upsert(request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GLOBAL_CONNECTIONS_KEY }),
  });
}

/** Renaming global connection `id` and setting its projects. */
export function useUpdateGlobalConnection(id: string) {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateGlobalConnectionRequest) => client.globalConnections.update(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GLOBAL_CONNECTIONS_KEY }),
  });
}

/** Deleting a global connection (flows using it fail when they run). */
export function useDeleteGlobalConnection() {
  const client = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.globalConnections.delete(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GLOBAL_CONNECTIONS_KEY }),
  });
}
