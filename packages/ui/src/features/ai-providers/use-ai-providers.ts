/**
 * The platform's AI providers and their models, read through `client.aiProviders`: the providers
 * page and the agent step's model picker share these queries (and their keys, so a change on one
 * shows on the other).
 */
import type { AIProviderName } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The query key of the provider list (invalidate it after a change). */
export const AI_PROVIDERS_KEY = ['ai-providers'] as const;

/** The query key of the web-search setting. */
export const AI_WEB_SEARCH_KEY = ['ai-providers', 'web-search'] as const;

/** The platform's providers (without their keys). */
export function useAIProviders() {
  const client = useApi();
  return useQuery({ queryKey: AI_PROVIDERS_KEY, queryFn: () => client.aiProviders.list() });
}

/** The models of one configured provider (`configId`: which one, when several share a name). */
export function useAIModels(provider: AIProviderName | undefined, configId: string | undefined) {
  const client = useApi();
  return useQuery({
    queryKey: [...AI_PROVIDERS_KEY, 'models', provider, configId],
    queryFn: () =>
      client.aiProviders.listModels(
        { provider: provider as AIProviderName },
        configId === undefined ? {} : { configId },
      ),
    enabled: provider !== undefined,
  });
}
