/** `aiProvider` rows as the API shows them: never the sealed key. */
import type { AIProviderConfig, AIProviderName, AIProviderWithoutSensitiveData } from '@piecework/shared';
import type { AIProviderTable } from '../../infrastructure/storage/rows/ai-provider-rows';
import { fromJson } from '../../infrastructure/storage/json-column';

/** The columns a provider is shown with (never `sealedAuth`). */
export const AI_PROVIDER_COLUMNS = [
  'id',
  'created',
  'updated',
  'provider',
  'displayName',
  'config',
  'enabledForChat',
] as const;

/** The API's `AIProviderWithoutSensitiveData` of a row (`name` is the display name). */
export function aiProviderView(
  row: Pick<AIProviderTable, (typeof AI_PROVIDER_COLUMNS)[number]>,
): AIProviderWithoutSensitiveData {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.displayName,
    provider: row.provider as AIProviderName,
    config: fromJson<AIProviderConfig>(row.config) ?? {},
    enabledForChat: row.enabledForChat === 1,
  };
}
