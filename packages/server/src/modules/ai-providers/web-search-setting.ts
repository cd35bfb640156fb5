/**
 * A platform's web-search setting for agent steps (`aiWebSearchSetting`): off until an admin sets
 * it. The routes read and write it; the agent executor reads it through `platformWebSearch`.
 */
import type { AIWebSearchSettings } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { DataStore } from '../../infrastructure/storage/data-store';
import { toSqlBoolean } from '../../infrastructure/storage/json-column';
import { findWebSearchSetting, upsertWebSearchSetting } from './ai-provider-repository';

/** The setting of `platformId` (`{enabled: false}` when never set). */
export async function readWebSearchSetting(
  db: Kysely<Database>,
  platformId: string,
): Promise<AIWebSearchSettings> {
  const row = await findWebSearchSetting(db, platformId);
  if (row === undefined) return { enabled: false };
  return { enabled: row.enabled === 1, ...(row.maxUses === null ? {} : { maxUses: Number(row.maxUses) }) };
}

/** Stores `setting` as the setting of `platformId` (replacing any) and answers it. */
export async function writeWebSearchSetting(
  store: DataStore,
  platformId: string,
  setting: AIWebSearchSettings,
  now: string,
): Promise<AIWebSearchSettings> {
  const values = { enabled: toSqlBoolean(setting.enabled), maxUses: setting.maxUses ?? null, updated: now };
  await store.write((trx) => upsertWebSearchSetting(trx, platformId, values));
  return { enabled: setting.enabled, ...(setting.maxUses === undefined ? {} : { maxUses: setting.maxUses }) };
}
