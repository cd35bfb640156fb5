/**
 * The AI provider dialog's form as plain values, and the requests it makes: the fields each
 * provider asks for (API key for all; base URL, key header and models for `custom`; resource name
 * for `azure`; account, gateway and models for `cloudflare-gateway`), checked before sending.
 * Models are typed one per line, `model-id` or `model-id | Shown name`.
 */
import type { SUPPORTED_AI_PROVIDERS } from '@piecework/shared';
import {
  type AIProviderConfig,
  type AIProviderWithoutSensitiveData,
  type CreateAIProviderRequest,
  type ProviderModelConfig,
  type UpdateAIProviderRequest,
} from '@piecework/shared';

/** A provider this app can configure. */
export type SupportedProvider = (typeof SUPPORTED_AI_PROVIDERS)[number];

/** The names shown for each provider. */
export const PROVIDER_LABELS: Readonly<Record<SupportedProvider, string>> = {
  openai: 'OpenAI',
  openrouter: 'OpenRouter',
  anthropic: 'Anthropic',
  azure: 'Azure OpenAI',
  google: 'Google Gemini',
  'cloudflare-gateway': 'Cloudflare AI Gateway',
  custom: 'OpenAI-compatible (custom)',
};

/** The label of any provider name (the supported ones by {@link PROVIDER_LABELS}). */
export function providerLabel(provider: string): string {
  return (PROVIDER_LABELS as Record<string, string | undefined>)[provider] ?? provider;
}

/** What the dialog's fields hold. */
export interface ProviderFormValues {
  provider: SupportedProvider;
  displayName: string;
  apiKey: string;
  baseUrl: string;
  apiKeyHeader: string;
  models: string;
  resourceName: string;
  accountId: string;
  gatewayId: string;
}

/** The fields a provider asks for beyond its name and key. */
export function extraFields(provider: SupportedProvider): ReadonlyArray<keyof ProviderFormValues> {
  switch (provider) {
    case 'custom':
      return ['baseUrl', 'apiKeyHeader', 'models'];
    case 'azure':
      return ['resourceName'];
    case 'cloudflare-gateway':
      return ['accountId', 'gatewayId', 'models'];
    default:
      return [];
  }
}

/** The empty form of a new provider. */
export function emptyForm(provider: SupportedProvider = 'openai'): ProviderFormValues {
  return {
    provider,
    displayName: PROVIDER_LABELS[provider],
    apiKey: '',
    baseUrl: '',
    apiKeyHeader: 'Authorization',
    models: '',
    resourceName: '',
    accountId: '',
    gatewayId: '',
  };
}

/** The form of an existing provider (its key left blank: blank keeps it). */
export function formOf(provider: AIProviderWithoutSensitiveData): ProviderFormValues {
  const config = provider.config as Record<string, unknown>;
  const text = (key: string) => (typeof config[key] === 'string' ? (config[key] as string) : '');
  const models = Array.isArray(config['models']) ? (config['models'] as ProviderModelConfig[]) : [];
  return {
    ...emptyForm(provider.provider as SupportedProvider),
    displayName: provider.name,
    baseUrl: text('baseUrl'),
    apiKeyHeader: text('apiKeyHeader') || 'Authorization',
    models: models.map(modelLine).join('\n'),
    resourceName: text('resourceName'),
    accountId: text('accountId'),
    gatewayId: text('gatewayId'),
  };
}

function modelLine(model: ProviderModelConfig): string {
  return model.modelName === model.modelId ? model.modelId : `${model.modelId} | ${model.modelName}`;
}

/** The models typed in `text`, one per line (`id` or `id | name`), as text models. */
export function parseModels(text: string): ProviderModelConfig[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [id = '', ...name] = line.split('|');
      const modelId = id.trim();
      const modelName = name.join('|').trim();
      return { modelId, modelName: modelName === '' ? modelId : modelName, modelType: 'text' as const };
    });
}

/** The problems of `values`, by field (empty when it can be sent); `editing`: the key may be blank. */
export function formErrors(
  values: ProviderFormValues,
  editing: boolean,
): Partial<Record<keyof ProviderFormValues, string>> {
  const errors: Partial<Record<keyof ProviderFormValues, string>> = {};
  if (values.displayName.trim() === '') errors.displayName = 'Give the provider a name.';
  if (!editing && values.apiKey.trim() === '') errors.apiKey = 'Enter the API key.';
  const extra = extraFields(values.provider);
  for (const field of extra) {
    if (field !== 'models' && values[field].trim() === '') errors[field] = 'Required.';
  }
  if (extra.includes('baseUrl') && errors.baseUrl === undefined && !URL.canParse(values.baseUrl.trim())) {
    errors.baseUrl = 'Enter a full URL, e.g. https://api.example.com/v1.';
  }
  if (extra.includes('models') && parseModels(values.models).length === 0) {
    errors.models = 'List at least one model.';
  }
  return errors;
}

/** The `config` of `values` for its provider. */
export function configOf(values: ProviderFormValues): AIProviderConfig {
  switch (values.provider) {
    case 'custom':
      return {
        baseUrl: values.baseUrl.trim(),
        apiKeyHeader: values.apiKeyHeader.trim(),
        models: parseModels(values.models),
      };
    case 'azure':
      return { resourceName: values.resourceName.trim() };
    case 'cloudflare-gateway':
      return {
        accountId: values.accountId.trim(),
        gatewayId: values.gatewayId.trim(),
        models: parseModels(values.models),
      };
    default:
      return {};
  }
}

/** The body of `POST /v1/ai-providers` for `values`. */
export function createRequest(values: ProviderFormValues): CreateAIProviderRequest {
  return {
    provider: values.provider,
    displayName: values.displayName.trim(),
    config: configOf(values),
    auth: { apiKey: values.apiKey.trim() },
  } as CreateAIProviderRequest;
}

/** The body of `POST /v1/ai-providers/:id` for `values`: a blank key keeps the stored one. */
export function updateRequest(values: ProviderFormValues): UpdateAIProviderRequest {
  const apiKey = values.apiKey.trim();
  return {
    displayName: values.displayName.trim(),
    config: configOf(values),
    ...(apiKey === '' ? {} : { auth: { apiKey } }),
  };
}
