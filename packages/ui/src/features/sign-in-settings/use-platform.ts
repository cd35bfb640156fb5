/**
 * The signed-in user's platform (`GET /v1/platforms/:id`) and its update, shared by the sections
 * of the sign-in settings page: each section reads the platform with {@link usePlatform} and
 * saves its part with {@link useUpdatePlatform}, which puts the answer back in the cache so that
 * every section shows the saved state.
 */
import type { Platform, UpdatePlatformRequest } from '@piecework/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '../../api/session-context';

/** The query key of the platform `platformId`. */
export function platformQueryKey(platformId: string | undefined) {
  return ['platform', platformId] as const;
}

/** The signed-in user's platform. */
export function usePlatform() {
  const client = useApi();
  const platformId = useSession().session?.platformId ?? undefined;
  return useQuery({
    queryKey: platformQueryKey(platformId),
    queryFn: (): Promise<Platform> => client.platforms.get(platformId ?? ''),
    enabled: platformId !== undefined,
  });
}

/** Saves a change to the signed-in user's platform; the cached platform becomes the answer. */
export function useUpdatePlatform() {
  const client = useApi();
  const queryClient = useQueryClient();
  const platformId = useSession().session?.platformId ?? undefined;
  return useMutation({
    mutationFn: (body: UpdatePlatformRequest): Promise<Platform> =>
      client.platforms.update(platformId ?? '', body),
    onSuccess: (platform) => queryClient.setQueryData(platformQueryKey(platformId), platform),
  });
}
