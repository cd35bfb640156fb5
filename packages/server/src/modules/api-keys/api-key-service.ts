/**
 * Platform API keys: create (the value is answered this once, only its hash is kept), list (never
 * the value), delete. Create and delete record api.key.created / api.key.deleted (the key as
 * listed) in the same transaction.
 */
import { generateId, type ApiKey, type Page } from '@piecework/shared';
import {
  generateApiKeyValue,
  hashApiKeyValue,
  truncateApiKeyValue,
} from '../../infrastructure/auth/api-key-value';
import { notFound } from '../../infrastructure/errors';
import { mapPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { recordAuditEvent, type AuditActor } from '../audit-events/record-audit-event';
import {
  deletePlatformApiKey,
  insertApiKey,
  listPlatformApiKeys,
  type ApiKeyRow,
} from './api-key-repository';

/** What the API key routes and service use of the server context. */
export type ApiKeyDependencies = Pick<ServerContext, 'store' | 'now'>;

function apiKeyView(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    displayName: row.displayName,
    truncatedValue: row.truncatedValue,
  };
}

/** Creates an API key of the actor's platform; answers it with its value, shown this once. */
export async function createApiKey(
  deps: ApiKeyDependencies,
  actor: AuditActor,
  displayName: string,
): Promise<ApiKey & { value: string }> {
  const value = generateApiKeyValue();
  const now = deps.now();
  const row = await deps.store.write(async (trx) => {
    const inserted = await insertApiKey(trx, {
      id: generateId(),
      platformId: actor.platformId,
      displayName,
      hashedValue: hashApiKeyValue(value),
      truncatedValue: truncateApiKeyValue(value),
      lastUsedAt: null,
      created: now,
      updated: now,
    });
    await recordAuditEvent(trx, now, actor, {
      action: 'api.key.created',
      data: { apiKey: apiKeyView(inserted) },
    });
    return inserted;
  });
  return { ...apiKeyView(row), value };
}

/** One page of platform `platformId`'s API keys, without their values. */
export async function listApiKeys(
  deps: ApiKeyDependencies,
  platformId: string,
  page: PageRequest,
): Promise<Page<ApiKey>> {
  return mapPage(await listPlatformApiKeys(deps.store.db, platformId, page), apiKeyView);
}

/** Deletes API key `id` of the actor's platform; 404 when there is no such key. */
export async function deleteApiKey(deps: ApiKeyDependencies, actor: AuditActor, id: string): Promise<void> {
  await deps.store.write(async (trx) => {
    const deleted = await deletePlatformApiKey(trx, actor.platformId, id);
    if (deleted === undefined) throw notFound('apiKey', id);
    await recordAuditEvent(trx, deps.now(), actor, {
      action: 'api.key.deleted',
      data: { apiKey: apiKeyView(deleted) },
    });
  });
}
