/**
 * The platform's allowed embed origins (`/v1/embed-subdomain/allowed-embed-origins`), for
 * platform admins: read the list, add origins (merged, deduplicated, order kept, at most 100:
 * more is 409 VALIDATION) and remove some. The list answers without AP_ALLOWED_EMBED_ORIGINS.
 * Every change forgets this process's cached page CSP list (`embed-origins-cache.ts`).
 */
import { ENDPOINTS } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import { mergeEmbedOrigins, parseEmbedOrigins, removeEmbedOrigins } from './embed-origin-list';

async function originsOf(db: Kysely<Database>, platformId: string): Promise<string[]> {
  const row = await db
    .selectFrom('platform')
    .select('allowedEmbedOrigins')
    .where('id', '=', platformId)
    .executeTakeFirstOrThrow();
  return parseEmbedOrigins(row.allowedEmbedOrigins);
}

/** Read, add and remove the platform's allowed embed origins. */
export function embeddingRoutes(ctx: ServerContext): RouteDefinition[] {
  const change = async (platformId: string, edit: (current: string[]) => string[]) => {
    const origins = await ctx.store.write(async (trx) => {
      await lockRowForWrite(trx, 'platform', platformId);
      const next = edit(await originsOf(trx, platformId));
      await trx
        .updateTable('platform')
        .set({ allowedEmbedOrigins: toJson(next), updated: ctx.now() })
        .where('id', '=', platformId)
        .execute();
      return next;
    });
    ctx.embedOrigins.invalidate();
    return { allowedEmbedOrigins: origins };
  };
  return [
    route(ENDPOINTS.embedding.listAllowedOrigins, {
      handler: async ({ principal }) => ({
        allowedEmbedOrigins: await originsOf(ctx.store.db, principal.platformId),
      }),
    }),
    route(ENDPOINTS.embedding.addAllowedOrigins, {
      handler: ({ principal, body }) =>
        change(principal.platformId, (current) => mergeEmbedOrigins(current, body.allowedEmbedOrigins)),
    }),
    route(ENDPOINTS.embedding.removeAllowedOrigins, {
      handler: ({ principal, body }) =>
        change(principal.platformId, (current) => removeEmbedOrigins(current, body.allowedEmbedOrigins)),
    }),
  ];
}
