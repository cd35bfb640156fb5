/** Row types of the AI-provider tables (migration `0020-ai-providers`). */
import type { JsonText, SqlBoolean, Timestamp } from './column-types';

/**
 * `aiProvider`: a model provider of a platform. `provider` is an `AIProviderName`, `config` the
 * JSON of its `AIProviderConfig`, `sealedAuth` its `AIProviderAuthConfig` (the API key) sealed by
 * the secret box; never answered.
 */
export interface AIProviderTable {
  id: string;
  platformId: string;
  provider: string;
  displayName: string;
  config: JsonText;
  sealedAuth: string;
  enabledForChat: SqlBoolean;
  created: Timestamp;
  updated: Timestamp;
}

/** `aiWebSearchSetting`: a platform's web-search setting for agent steps (no row: off). */
export interface AIWebSearchSettingTable {
  platformId: string;
  enabled: SqlBoolean;
  /** Anthropic's `max_uses`; null: the default. */
  maxUses: number | null;
  updated: Timestamp;
}
