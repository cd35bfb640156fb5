/**
 * AI providers (`/v1/ai-providers`), the Activepieces-compatible API: platform admins add, change
 * and remove the platform's model providers (the API key is sealed by the secret box and never
 * answered) and set web search for agent steps; every user of the platform lists the providers
 * and their models. Another platform's provider is 404.
 */
import { ENDPOINTS, generateId, type AIProviderName } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import { AI_PROVIDER_COLUMNS, aiProviderView } from './ai-provider-view';
import { listProviderModels } from './list-models';
import { checkedProviderConfig } from './provider-config';
import { readWebSearchSetting, writeWebSearchSetting } from './web-search-setting';

/** The AI-provider routes. */
export function aiProviderRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.aiProviders.list, {
      handler: async ({ principal }) => {
        const rows = await ctx.store.db
          .selectFrom('aiProvider')
          .select(AI_PROVIDER_COLUMNS)
          .where('platformId', '=', principal.platformId)
          .orderBy('created')
          .orderBy('id')
          .execute();
        return rows.map(aiProviderView);
      },
    }),
    route(ENDPOINTS.aiProviders.listModels, {
      handler: ({ principal, params, query }) =>
        listProviderModels(ctx, principal.platformId, params.provider, query.configId),
    }),
    route(ENDPOINTS.aiProviders.create, {
      handler: async ({ principal, body }) => {
        const config = checkedProviderConfig(body.provider, body.config);
        const now = ctx.now();
        const row = await ctx.store.write((trx) =>
          trx
            .insertInto('aiProvider')
            .values({
              id: generateId(),
              platformId: principal.platformId,
              provider: body.provider,
              displayName: body.displayName,
              config: toJson(config),
              sealedAuth: ctx.secrets.seal({ apiKey: body.auth.apiKey }),
              enabledForChat: toSqlBoolean(false),
              created: now,
              updated: now,
            })
            .returning(AI_PROVIDER_COLUMNS)
            .executeTakeFirstOrThrow(),
        );
        return aiProviderView(row);
      },
    }),
    route(ENDPOINTS.aiProviders.update, {
      handler: async ({ principal, params, body }) => {
        const current = await ctx.store.db
          .selectFrom('aiProvider')
          .select('provider')
          .where('id', '=', params.id)
          .where('platformId', '=', principal.platformId)
          .executeTakeFirst();
        if (current === undefined) throw notFound('aiProvider', params.id);
        const config =
          body.config === undefined
            ? undefined
            : checkedProviderConfig(current.provider as AIProviderName, body.config);
        const row = await ctx.store.write((trx) =>
          trx
            .updateTable('aiProvider')
            .set({
              displayName: body.displayName,
              ...(config === undefined ? {} : { config: toJson(config) }),
              ...(body.auth === undefined
                ? {}
                : { sealedAuth: ctx.secrets.seal({ apiKey: body.auth.apiKey }) }),
              ...(body.enabledForChat === undefined
                ? {}
                : { enabledForChat: toSqlBoolean(body.enabledForChat) }),
              updated: ctx.now(),
            })
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .returning(AI_PROVIDER_COLUMNS)
            .executeTakeFirst(),
        );
        if (row === undefined) throw notFound('aiProvider', params.id);
        return aiProviderView(row);
      },
    }),
    route(ENDPOINTS.aiProviders.delete, {
      handler: async ({ principal, params }) => {
        const deleted = await ctx.store.write((trx) =>
          trx
            .deleteFrom('aiProvider')
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .returning('id')
            .executeTakeFirst(),
        );
        if (deleted === undefined) throw notFound('aiProvider', params.id);
        return undefined;
      },
    }),
    route(ENDPOINTS.aiProviders.getWebSearch, {
      handler: ({ principal }) => readWebSearchSetting(ctx.store.db, principal.platformId),
    }),
    route(ENDPOINTS.aiProviders.setWebSearch, {
      handler: ({ principal, body }) =>
        writeWebSearchSetting(ctx.store, principal.platformId, body, ctx.now()),
    }),
  ];
}
