/**
 * The fixtures of the AI-provider endpoints. Providers are `custom` ones with configured models,
 * so listing their models asks no outside service.
 */
import { adminCall, name, type Fixture, type World } from './world';

/** The body of a fresh custom provider of platform A. */
const customProvider = () => ({
  provider: 'custom',
  displayName: name('Provider'),
  config: {
    baseUrl: 'https://llm.example/v1',
    apiKeyHeader: 'Authorization',
    models: [{ modelId: 'llama-3', modelName: 'Llama 3', modelType: 'text' }],
  },
  auth: { apiKey: 'sk-matrix' },
});

/** A fresh custom provider of platform A. */
const freshProvider = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/ai-providers', customProvider());

/** One row per endpoint (`area.name`): how to call it. */
export const AI_PROVIDER_FIXTURES: Record<string, Fixture> = {
  'aiProviders.list': async () => ({ platformWide: true }),
  'aiProviders.listModels': async (w) => ({
    params: { provider: 'custom' },
    query: { configId: (await freshProvider(w)).id },
  }),
  'aiProviders.create': async () => ({ body: customProvider(), platformWide: true }),
  'aiProviders.update': async (w) => ({
    params: { id: (await freshProvider(w)).id },
    body: { displayName: name('Renamed') },
  }),
  'aiProviders.delete': async (w) => ({ params: { id: (await freshProvider(w)).id } }),
  'aiProviders.getWebSearch': async () => ({ platformWide: true }),
  'aiProviders.setWebSearch': async () => ({ body: { enabled: true, maxUses: 2 }, platformWide: true }),
};
