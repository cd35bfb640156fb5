import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';

/**
 * Activepieces' AI provider names. Piecework speaks the OpenAI chat-completions protocol
 * (`openai`, `openrouter`, `azure`, `google` through its OpenAI-compatible endpoint,
 * `cloudflare-gateway` through its compat endpoint, `custom`) and Anthropic's Messages API
 * (`anthropic`). `bedrock` and `activepieces` (Activepieces' own credit-metered proxy) are
 * accepted names a provider cannot be created with here (400 VALIDATION).
 */
export const AIProviderName = z.enum([
  'openai',
  'openrouter',
  'anthropic',
  'azure',
  'google',
  'activepieces',
  'cloudflare-gateway',
  'custom',
  'bedrock',
]);
export type AIProviderName = z.infer<typeof AIProviderName>;

/** The providers a platform can configure here (see {@link AIProviderName}). */
export const SUPPORTED_AI_PROVIDERS = [
  'openai',
  'openrouter',
  'anthropic',
  'azure',
  'google',
  'cloudflare-gateway',
  'custom',
] as const satisfies readonly AIProviderName[];

/** What a model is for. Agents use `text` models. */
export const AIProviderModelType = z.enum(['image', 'text']);
export type AIProviderModelType = z.infer<typeof AIProviderModelType>;

/** A model a provider offers: `GET /v1/ai-providers/:provider/models` answers a list of these. */
export const AIProviderModel = z.object({
  id: z.string(),
  name: z.string(),
  type: AIProviderModelType,
});
export type AIProviderModel = z.infer<typeof AIProviderModel>;

/** A model configured by hand on a `custom` or `cloudflare-gateway` provider. */
export const ProviderModelConfig = z.object({
  modelId: z.string().min(1),
  modelName: z.string().min(1),
  modelType: AIProviderModelType,
});
export type ProviderModelConfig = z.infer<typeof ProviderModelConfig>;

/** The secret of a provider: its API key. Stored encrypted, never answered. */
export const AIProviderAuthConfig = z.object({ apiKey: z.string().min(1) });
export type AIProviderAuthConfig = z.infer<typeof AIProviderAuthConfig>;

/** `custom`: any OpenAI-compatible endpoint (`baseUrl` up to `/v1`), its key header and models. */
export const OpenAICompatibleProviderConfig = z.object({
  apiKeyHeader: z.string().min(1),
  baseUrl: z.string().url(),
  models: z.array(ProviderModelConfig),
  defaultHeaders: z.record(z.string(), z.string()).optional(),
});
export type OpenAICompatibleProviderConfig = z.infer<typeof OpenAICompatibleProviderConfig>;

/** `cloudflare-gateway`: the account and gateway of a Cloudflare AI Gateway and its models. */
export const CloudflareGatewayProviderConfig = z.object({
  accountId: z.string().min(1),
  gatewayId: z.string().min(1),
  models: z.array(ProviderModelConfig),
  vertexProject: z.string().optional(),
  vertexRegion: z.string().optional(),
});
export type CloudflareGatewayProviderConfig = z.infer<typeof CloudflareGatewayProviderConfig>;

/** `azure`: the Azure OpenAI resource (`https://{resourceName}.openai.azure.com`). */
export const AzureProviderConfig = z.object({ resourceName: z.string().min(1) });
export type AzureProviderConfig = z.infer<typeof AzureProviderConfig>;

/** `bedrock`: its AWS region (accepted by the schema, refused on create: see {@link AIProviderName}). */
export const BedrockProviderConfig = z.object({ region: z.string().min(1) });

/** Providers without settings (`openai`, `openrouter`, `anthropic`, `google`). */
export const EmptyProviderConfig = z.object({});

/** Any provider's `config`, the shapes with required fields first (as Activepieces orders them). */
export const AIProviderConfig = z.union([
  OpenAICompatibleProviderConfig,
  CloudflareGatewayProviderConfig,
  AzureProviderConfig,
  BedrockProviderConfig,
  EmptyProviderConfig,
]);
export type AIProviderConfig = z.infer<typeof AIProviderConfig>;

const named = <N extends AIProviderName, C extends z.ZodType>(provider: N, config: C) =>
  z.object({
    displayName: z.string().trim().min(1).max(200),
    provider: z.literal(provider),
    config,
    auth: AIProviderAuthConfig,
  });

/** Body of `POST /v1/ai-providers` (platform admins): one provider with its config and key. */
export const CreateAIProviderRequest = z.discriminatedUnion('provider', [
  named('openai', EmptyProviderConfig),
  named('openrouter', EmptyProviderConfig),
  named('anthropic', EmptyProviderConfig),
  named('azure', AzureProviderConfig),
  named('google', EmptyProviderConfig),
  named('cloudflare-gateway', CloudflareGatewayProviderConfig),
  named('custom', OpenAICompatibleProviderConfig),
  named('activepieces', EmptyProviderConfig),
  named('bedrock', BedrockProviderConfig),
]);
export type CreateAIProviderRequest = z.infer<typeof CreateAIProviderRequest>;

/** Body of `POST /v1/ai-providers/:id`: a new name, config or key; what is left out stays. */
export const UpdateAIProviderRequest = z.object({
  displayName: z.string().trim().min(1).max(200),
  config: AIProviderConfig.optional(),
  auth: AIProviderAuthConfig.optional(),
  enabledForChat: z.boolean().optional(),
});
export type UpdateAIProviderRequest = z.infer<typeof UpdateAIProviderRequest>;

/**
 * A platform's AI provider as the API answers it (Activepieces' AIProviderWithoutSensitiveData,
 * plus the usual `created`/`updated`): never its key. `name` is the display name.
 */
export const AIProviderWithoutSensitiveData = z.object({
  ...BaseModelFields,
  name: z.string(),
  provider: AIProviderName,
  config: AIProviderConfig,
  enabledForChat: z.boolean(),
});
export type AIProviderWithoutSensitiveData = z.infer<typeof AIProviderWithoutSensitiveData>;

/** Params of `GET /v1/ai-providers/:provider/models`. */
export const AIProviderParams = z.object({ provider: AIProviderName });
export type AIProviderParams = z.infer<typeof AIProviderParams>;

/** Query of `GET /v1/ai-providers/:provider/models`: one configured provider of that name. */
export const ListAIModelsQuery = z.object({ configId: z.string().optional() });
export type ListAIModelsQuery = z.infer<typeof ListAIModelsQuery>;

/**
 * The platform's web-search setting (`GET`/`POST /v1/ai-providers/web-search`): when enabled,
 * agent steps ask providers that offer it to search the web (OpenAI-protocol providers get
 * `web_search_options`, Anthropic its `web_search` server tool). A step's own web-search value is
 * ignored: the platform's setting decides.
 */
export const AIWebSearchSettings = z.object({
  enabled: z.boolean(),
  /** Searches one agent turn may make (Anthropic's `max_uses`); default 5. */
  maxUses: z.number().int().min(1).max(20).optional(),
});
export type AIWebSearchSettings = z.infer<typeof AIWebSearchSettings>;
