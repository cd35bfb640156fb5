/**
 * Platform API keys (`/v1/api-keys`), for platform admins: create (the value is answered this
 * once, only its hash is kept), list (never the value), delete. Create and delete record
 * api.key.created / api.key.deleted (the key as listed) in the same transaction.
 */
import { ENDPOINTS, generateId, type ApiKey } from '@piecework/shared';
import type { Selectable } from 'kysely';
import { generateApiKeyValue, hashApiKeyValue, truncateApiKeyValue } from '../../infrastructure/auth/api-key-value';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { ApiKeyTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';

function apiKeyView(row: Selectable<ApiKeyTable>): ApiKey {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    displayName: row.displayName,
    truncatedValue: row.truncatedValue,
  };
}

/** Create, list and delete API keys. */
export function apiKeyRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.apiKeys.create, {
      handler: async ({ principal, body, request }) => {
        const value = generateApiKeyValue();
        const now = ctx.now();
        const row = await ctx.store.write(async (trx) => {
          const inserted = await trx
            .insertInto('apiKey')
            .values({
              id: generateId(),
              platformId: principal.platformId,
              displayName: body.displayName,
              hashedValue: hashApiKeyValue(value),
              truncatedValue: truncateApiKeyValue(value),
              lastUsedAt: null,
              created: now,
              updated: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAuditEvent(trx, now, auditActorOf(principal, request.ip), {
            action: 'api.key.created',
            data: { apiKey: apiKeyView(inserted) },
          });
          return inserted;
        });
        return { ...apiKeyView(row), value };
      },
    }),
    route(ENDPOINTS.apiKeys.list, {
      handler: async ({ principal, query }) => {
        const select = ctx.store.db
          .selectFrom('apiKey')
          .selectAll()
          .where('platformId', '=', principal.platformId);
        return mapPage(await fetchSeekPage(select, 'apiKey', query), apiKeyView);
      },
    }),
    route(ENDPOINTS.apiKeys.delete, {
      logEntity: 'apiKey',
      handler: async ({ principal, params, request }) => {
        await ctx.store.write(async (trx) => {
          const deleted = await trx
            .deleteFrom('apiKey')
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .returningAll()
            .executeTakeFirst();
          if (deleted === undefined) throw notFound('apiKey', params.id);
          await recordAuditEvent(trx, ctx.now(), auditActorOf(principal, request.ip), {
            action: 'api.key.deleted',
            data: { apiKey: apiKeyView(deleted) },
          });
        });
        return undefined;
      },
    }),
  ];
}
