/**
 * A platform's AI providers: list them, add one (its config checked, its API key sealed by the
 * secret box and never answered), change or remove one. Another platform's provider is 404.
 */
import {
  generateId,
  type AIProviderName,
  type AIWebSearchSettings,
  type AIProviderWithoutSensitiveData,
  type CreateAIProviderRequest,
  type UpdateAIProviderRequest,
} from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import type { ServerContext } from '../../server-context';
import {
  deleteAIProviderRow,
  findProviderName,
  insertAIProvider,
  selectPlatformProviders,
  updateAIProviderRow,
} from './ai-provider-repository';
import { aiProviderView } from './ai-provider-view';
import { checkedProviderConfig } from './provider-config';
import { readWebSearchSetting, writeWebSearchSetting } from './web-search-setting';

/**
 * What the AI-provider routes and service use of the server context: the store, the clock, the
 * secret box (API keys) and the settings (the SSRF allow list of model listings).
 */
export type AIProviderDependencies = Pick<ServerContext, 'store' | 'now' | 'secrets' | 'settings'>;

/** The providers of platform `platformId`, oldest first. */
export async function listAIProviders(
  deps: AIProviderDependencies,
  platformId: string,
): Promise<AIProviderWithoutSensitiveData[]> {
  const rows = await selectPlatformProviders(deps.store.db, platformId);
  return rows.map(aiProviderView);
}

/** Adds a provider to platform `platformId` (off for chat until enabled). */
export async function createAIProvider(
  deps: AIProviderDependencies,
  platformId: string,
  body: CreateAIProviderRequest,
): Promise<AIProviderWithoutSensitiveData> {
  const config = checkedProviderConfig(body.provider, body.config);
  const now = deps.now();
  const row = await deps.store.write((trx) =>
    insertAIProvider(trx, {
      id: generateId(),
      platformId,
      provider: body.provider,
      displayName: body.displayName,
      config: toJson(config),
      sealedAuth: deps.secrets.seal({ apiKey: body.auth.apiKey }),
      enabledForChat: toSqlBoolean(false),
      created: now,
      updated: now,
    }),
  );
  return aiProviderView(row);
}

/** Changes provider `id` of platform `platformId` (absent fields: unchanged); 404 when there is none. */
export async function updateAIProvider(
  deps: AIProviderDependencies,
  platformId: string,
  id: string,
  body: UpdateAIProviderRequest,
): Promise<AIProviderWithoutSensitiveData> {
  const current = await findProviderName(deps.store.db, platformId, id);
  if (current === undefined) throw notFound('aiProvider', id);
  const config =
    body.config === undefined
      ? undefined
      : checkedProviderConfig(current.provider as AIProviderName, body.config);
  const row = await deps.store.write((trx) =>
    updateAIProviderRow(trx, platformId, id, {
      displayName: body.displayName,
      ...(config === undefined ? {} : { config: toJson(config) }),
      ...(body.auth === undefined ? {} : { sealedAuth: deps.secrets.seal({ apiKey: body.auth.apiKey }) }),
      ...(body.enabledForChat === undefined ? {} : { enabledForChat: toSqlBoolean(body.enabledForChat) }),
      updated: deps.now(),
    }),
  );
  if (row === undefined) throw notFound('aiProvider', id);
  return aiProviderView(row);
}

/** Removes provider `id` of platform `platformId`; 404 when there is none. */
export async function deleteAIProvider(
  deps: AIProviderDependencies,
  platformId: string,
  id: string,
): Promise<void> {
  const deleted = await deps.store.write((trx) => deleteAIProviderRow(trx, platformId, id));
  if (deleted === undefined) throw notFound('aiProvider', id);
}

/** The web-search setting of platform `platformId` for agent steps (`{enabled: false}` when never set). */
export function getWebSearchSetting(
  deps: AIProviderDependencies,
  platformId: string,
): Promise<AIWebSearchSettings> {
  return readWebSearchSetting(deps.store.db, platformId);
}

/** Stores `setting` as the web-search setting of platform `platformId` and answers it. */
export function setWebSearchSetting(
  deps: AIProviderDependencies,
  platformId: string,
  setting: AIWebSearchSettings,
): Promise<AIWebSearchSettings> {
  return writeWebSearchSetting(deps.store, platformId, setting, deps.now());
}
