/**
 * The models of a platform's configured provider (`GET /v1/ai-providers/:provider/models`): a
 * `custom` or `cloudflare-gateway` provider's configured models, else what the provider's
 * `GET {base}/models` answers. A provider's error is a 502 AI_PROVIDER_ERROR with its message.
 */
import {
  PieceworkError,
  type AIProviderModel,
  type AIProviderName,
  type CloudflareGatewayProviderConfig,
  type OpenAICompatibleProviderConfig,
} from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { anthropicModels } from './anthropic-protocol';
import { openAIModels } from './openai-protocol';
import { ProviderError } from './provider-error';
import { providerRequest } from './provider-request';
import { storedProvider } from './stored-provider';

/** How long a provider may take to list its models, in ms. */
const LIST_MODELS_TIMEOUT_MS = 30_000;

/** The models of `provider` of `platformId` (the one with `configId`, else the first). */
export async function listProviderModels(
  base: Pick<ServerBase, 'store' | 'secrets' | 'settings'>,
  platformId: string,
  provider: AIProviderName,
  configId: string | undefined,
): Promise<AIProviderModel[]> {
  const stored = await storedProvider(base, platformId, provider, configId);
  if (stored.provider === 'custom' || stored.provider === 'cloudflare-gateway') {
    const { models } = stored.config as OpenAICompatibleProviderConfig | CloudflareGatewayProviderConfig;
    return models.map((model) => ({ id: model.modelId, name: model.modelName, type: model.modelType }));
  }
  const { endpoint } = stored;
  try {
    const answer = await providerRequest({
      method: 'GET',
      url: `${endpoint.baseUrl}/models`,
      headers: endpoint.headers,
      signal: AbortSignal.timeout(LIST_MODELS_TIMEOUT_MS),
      allowList: base.settings.config.ssrfAllowList,
    });
    return endpoint.protocol === 'anthropic'
      ? anthropicModels(answer.body, answer.status)
      : openAIModels(answer.body, answer.status);
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new PieceworkError('AI_PROVIDER_ERROR', {
        message: `The ${provider} provider did not list its models within ${String(LIST_MODELS_TIMEOUT_MS / 1000)} s`,
        provider,
      });
    }
    if (!(error instanceof ProviderError)) throw error;
    throw new PieceworkError('AI_PROVIDER_ERROR', {
      message: error.message,
      provider,
      ...(error.status === undefined ? {} : { providerStatus: error.status }),
    });
  }
}
