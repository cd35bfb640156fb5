/**
 * The one TanStack Query cache of the app: server state is read through it and never copied into
 * component state. A 401 from any query or mutation signs the tab out (see `SessionProvider`).
 */
import { isApiError } from '@piecework/client';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

/** Makes the app's query client; `onUnauthorized` runs when a call answers 401. */
export function createAppQueryClient(onUnauthorized: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        refetchOnWindowFocus: true,
        // The client retries GETs itself (network failures, 5xx); 4xx answers are final.
        retry: false,
      },
    },
  });
}
