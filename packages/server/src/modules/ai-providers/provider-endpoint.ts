/**
 * Where and how to reach a configured provider: its protocol (OpenAI chat completions or
 * Anthropic Messages), the base URL its paths hang off and the headers that carry its key. The
 * one place that knows each provider's address.
 */
import type {
  AIProviderConfig,
  AzureProviderConfig,
  CloudflareGatewayProviderConfig,
  OpenAICompatibleProviderConfig,
} from '@piecework/shared';
import type { SupportedAIProvider } from './provider-config';

/** The wire protocol a provider speaks. */
export type ChatProtocol = 'openai' | 'anthropic';

/** A provider's address and credentials, ready for a request. */
export interface ProviderEndpoint {
  readonly protocol: ChatProtocol;
  /** No trailing slash; `/chat/completions`, `/messages` and `/models` are appended. */
  readonly baseUrl: string;
  /** The key's header (and a custom provider's default headers, an Anthropic version). */
  readonly headers: Readonly<Record<string, string>>;
}

/** The Anthropic API version every request names. */
export const ANTHROPIC_VERSION = '2023-06-01';

const bearer = (apiKey: string) => ({ authorization: `Bearer ${apiKey}` });

/** The endpoint of `provider` configured with `config` and `apiKey` (the decrypted key). */
export function providerEndpoint(
  provider: SupportedAIProvider,
  config: AIProviderConfig,
  apiKey: string,
): ProviderEndpoint {
  switch (provider) {
    case 'openai':
      return { protocol: 'openai', baseUrl: 'https://api.openai.com/v1', headers: bearer(apiKey) };
    case 'openrouter':
      return { protocol: 'openai', baseUrl: 'https://openrouter.ai/api/v1', headers: bearer(apiKey) };
    case 'google':
      return {
        protocol: 'openai',
        baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
        headers: bearer(apiKey),
      };
    case 'azure': {
      const { resourceName } = config as AzureProviderConfig;
      return {
        protocol: 'openai',
        baseUrl: `https://${resourceName}.openai.azure.com/openai/v1`,
        headers: { 'api-key': apiKey },
      };
    }
    case 'cloudflare-gateway': {
      const { accountId, gatewayId } = config as CloudflareGatewayProviderConfig;
      const path = [accountId, gatewayId].map(encodeURIComponent).join('/');
      return {
        protocol: 'openai',
        baseUrl: `https://gateway.ai.cloudflare.com/v1/${path}/compat`,
        headers: bearer(apiKey),
      };
    }
    case 'custom': {
      const { baseUrl, apiKeyHeader, defaultHeaders } = config as OpenAICompatibleProviderConfig;
      const keyHeader = apiKeyHeader.toLowerCase();
      const key = keyHeader === 'authorization' ? `Bearer ${apiKey}` : apiKey;
      // The key's header wins over a default header of the same name (in any case).
      const defaults = Object.entries(defaultHeaders ?? {}).filter(
        ([name]) => name.toLowerCase() !== keyHeader,
      );
      return {
        protocol: 'openai',
        baseUrl: baseUrl.replace(/\/+$/, ''),
        headers: { ...Object.fromEntries(defaults), [apiKeyHeader]: key },
      };
    }
    case 'anthropic':
      return {
        protocol: 'anthropic',
        baseUrl: 'https://api.anthropic.com/v1',
        headers: { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION },
      };
  }
}
