/**
 * Which providers a platform can configure here and the checks their config gets beyond its
 * schema: `bedrock` and `activepieces` are refused (we do not speak their protocols), a `custom`
 * provider's `baseUrl` must be http(s) and its header names valid, an `azure` resource name must
 * be one host-name label (it becomes part of the host).
 */
import {
  AzureProviderConfig,
  CloudflareGatewayProviderConfig,
  EmptyProviderConfig,
  OpenAICompatibleProviderConfig,
  SUPPORTED_AI_PROVIDERS,
  type AIProviderConfig,
  type AIProviderName,
} from '@piecework/shared';
import type { z } from 'zod';
import { invalidRequest } from '../../infrastructure/errors';

/** A provider this server can call. */
export type SupportedAIProvider = (typeof SUPPORTED_AI_PROVIDERS)[number];

/** The config schema of each supported provider. */
const CONFIG_SCHEMAS: Record<SupportedAIProvider, z.ZodType<AIProviderConfig>> = {
  openai: EmptyProviderConfig,
  openrouter: EmptyProviderConfig,
  anthropic: EmptyProviderConfig,
  google: EmptyProviderConfig,
  azure: AzureProviderConfig,
  'cloudflare-gateway': CloudflareGatewayProviderConfig,
  custom: OpenAICompatibleProviderConfig,
};

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** One DNS label: what an Azure resource name is. */
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Whether `provider` is one this server can call. */
export function isSupportedProvider(provider: AIProviderName): provider is SupportedAIProvider {
  return (SUPPORTED_AI_PROVIDERS as readonly string[]).includes(provider);
}

/** `provider` as a supported one, or a 400 VALIDATION naming it. */
export function supportedProvider(provider: AIProviderName): SupportedAIProvider {
  if (isSupportedProvider(provider)) return provider;
  throw invalidRequest(
    `The AI provider ${provider} is not supported: use one of ${SUPPORTED_AI_PROVIDERS.join(', ')}`,
    { provider },
  );
}

/**
 * `config` checked for `provider` (use on create and on update, where the body's config is any
 * provider's shape): its provider's schema, then the rules above. Throws 400 VALIDATION naming
 * the provider and the field.
 */
export function checkedProviderConfig(provider: AIProviderName, config: unknown): AIProviderConfig {
  const supported = supportedProvider(provider);
  const parsed = CONFIG_SCHEMAS[supported].safeParse(config);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw invalidRequest(
      `The config of the ${provider} provider is invalid: ${field} ${issue?.message ?? ''}`,
      {
        provider,
        field,
      },
    );
  }
  const checked = parsed.data;
  if (supported === 'custom') checkCustom(checked as OpenAICompatibleProviderConfig);
  if (supported === 'azure') {
    const { resourceName } = checked as AzureProviderConfig;
    if (!HOST_LABEL.test(resourceName)) {
      throw invalidRequest('An Azure resource name is letters, digits and hyphens', {
        provider,
        field: 'resourceName',
      });
    }
  }
  return checked;
}

/** The rules of a `custom` provider's config. */
function checkCustom(config: OpenAICompatibleProviderConfig): void {
  const refuse = (field: string, message: string) => invalidRequest(message, { provider: 'custom', field });
  const protocol = new URL(config.baseUrl).protocol;
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw refuse('baseUrl', `The base URL of a custom provider must be http(s), not ${protocol}`);
  }
  if (!HEADER_NAME.test(config.apiKeyHeader)) {
    throw refuse('apiKeyHeader', `${config.apiKeyHeader} is not an HTTP header name`);
  }
  for (const [name, value] of Object.entries(config.defaultHeaders ?? {})) {
    if (!HEADER_NAME.test(name) || /[\r\n\0]/.test(value)) {
      throw refuse('defaultHeaders', `The default header ${name} is not a valid HTTP header`);
    }
  }
}
