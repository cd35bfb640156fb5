/**
 * AI providers (`/v1/ai-providers`), the Activepieces-compatible API: platform admins add, change
 * and remove the platform's model providers (the API key is sealed by the secret box and never
 * answered) and set web search for agent steps; every user of the platform lists the providers
 * and their models. Another platform's provider is 404.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  createAIProvider,
  deleteAIProvider,
  getWebSearchSetting,
  listAIProviders,
  setWebSearchSetting,
  updateAIProvider,
  type AIProviderDependencies,
} from './ai-provider-service';
import { listProviderModels } from './list-models';

/** The AI-provider routes. */
export function aiProviderRoutes(ctx: AIProviderDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.aiProviders.list, {
      handler: ({ principal }) => listAIProviders(ctx, principal.platformId),
    }),
    route(ENDPOINTS.aiProviders.listModels, {
      handler: ({ principal, params, query }) =>
        listProviderModels(ctx, principal.platformId, params.provider, query.configId),
    }),
    route(ENDPOINTS.aiProviders.create, {
      handler: ({ principal, body }) => createAIProvider(ctx, principal.platformId, body),
    }),
    route(ENDPOINTS.aiProviders.update, {
      handler: ({ principal, params, body }) => updateAIProvider(ctx, principal.platformId, params.id, body),
    }),
    route(ENDPOINTS.aiProviders.delete, {
      handler: async ({ principal, params }) => {
        await deleteAIProvider(ctx, principal.platformId, params.id);
        return undefined;
      },
    }),
    route(ENDPOINTS.aiProviders.getWebSearch, {
      handler: ({ principal }) => getWebSearchSetting(ctx, principal.platformId),
    }),
    route(ENDPOINTS.aiProviders.setWebSearch, {
      handler: ({ principal, body }) => setWebSearchSetting(ctx, principal.platformId, body),
    }),
  ];
}
