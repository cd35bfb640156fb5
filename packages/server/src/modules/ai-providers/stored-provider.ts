/**
 * Reading a platform's configured providers for a call to them: the one an agent step or a model
 * listing names (by `configId`, else the first of that name), with its key opened. Only the chat
 * client and the model listing use this; the key never leaves them.
 */
import { PieceworkError, type AIProviderAuthConfig, type AIProviderConfig } from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { findProviderForCall } from './ai-provider-repository';
import { supportedProvider, type SupportedAIProvider } from './provider-config';
import { providerEndpoint, type ProviderEndpoint } from './provider-endpoint';

/** A configured provider, ready to be called. */
export interface StoredProvider {
  readonly id: string;
  readonly provider: SupportedAIProvider;
  readonly config: AIProviderConfig;
  readonly endpoint: ProviderEndpoint;
}

/**
 * The provider `provider` of `platformId`: the one with id `configId` when given, else the oldest
 * of that name. Throws 400 VALIDATION for a provider this server cannot call and 404
 * ENTITY_NOT_FOUND naming the provider (or the config id) when the platform has none.
 */
export async function storedProvider(
  base: Pick<ServerBase, 'store' | 'secrets'>,
  platformId: string,
  provider: string,
  configId?: string,
): Promise<StoredProvider> {
  const name = supportedProvider(provider as SupportedAIProvider);
  const row = await findProviderForCall(base.store.db, platformId, name, configId);
  if (row === undefined) {
    const missing =
      configId === undefined
        ? `No ${name} AI provider is configured on this platform`
        : `No ${name} AI provider ${configId} is configured on this platform`;
    throw new PieceworkError('ENTITY_NOT_FOUND', {
      message: missing,
      entityType: 'aiProvider',
      entityId: configId ?? name,
      provider: name,
    });
  }
  const config = fromJson<AIProviderConfig>(row.config) ?? {};
  const { apiKey } = base.secrets.open<AIProviderAuthConfig>(row.sealedAuth);
  return { id: row.id, provider: name, config, endpoint: providerEndpoint(name, config, apiKey) };
}
