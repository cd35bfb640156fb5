/**
 * The platform's OAuth2 apps (`/v1/oauth-apps`), one client per piece, which PLATFORM_OAUTH2
 * connections are claimed and refreshed with: any user of the platform lists them (never the
 * secret), platform admins set (upsert by piece) and delete them. The secret is sealed at rest.
 */
import { ENDPOINTS, generateId, type OAuthApp } from '@piecework/shared';
import type { Selectable } from 'kysely';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { OAuthAppTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';

/** Every column of `oauthApp` but the sealed secret. */
const OAUTH_APP_COLUMNS = ['id', 'created', 'updated', 'platformId', 'pieceName', 'clientId'] as const;

function oauthAppView(row: Omit<Selectable<OAuthAppTable>, 'clientSecret'>): OAuthApp {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    pieceName: row.pieceName,
    platformId: row.platformId,
    clientId: row.clientId,
  };
}

/** List, upsert and delete the platform's OAuth2 apps. */
export function oauthAppRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.oauthApps.list, {
      handler: async ({ principal, query }) => {
        const select = ctx.store.db
          .selectFrom('oauthApp')
          .select(OAUTH_APP_COLUMNS)
          .where('platformId', '=', principal.platformId);
        return mapPage(await fetchSeekPage(select, 'oauthApp', query), oauthAppView);
      },
    }),
    route(ENDPOINTS.oauthApps.upsert, {
      handler: async ({ principal, body }) => {
        const clientSecret = ctx.secrets.seal(body.clientSecret);
        const row = await ctx.store.write(async (trx) => {
          const now = ctx.now();
          const existing = await trx
            .selectFrom('oauthApp')
            .select('id')
            .where('platformId', '=', principal.platformId)
            .where('pieceName', '=', body.pieceName)
            .executeTakeFirst();
          return existing === undefined
            ? trx
                .insertInto('oauthApp')
                .values({
                  id: generateId(),
                  platformId: principal.platformId,
                  pieceName: body.pieceName,
                  clientId: body.clientId,
                  clientSecret,
                  created: now,
                  updated: now,
                })
                .returning(OAUTH_APP_COLUMNS)
                .executeTakeFirstOrThrow()
            : trx
                .updateTable('oauthApp')
                .set({ clientId: body.clientId, clientSecret, updated: now })
                .where('id', '=', existing.id)
                .returning(OAUTH_APP_COLUMNS)
                .executeTakeFirstOrThrow();
        });
        return oauthAppView(row);
      },
    }),
    route(ENDPOINTS.oauthApps.delete, {
      handler: async ({ principal, params }) => {
        const deleted = await ctx.store.write((trx) =>
          trx
            .deleteFrom('oauthApp')
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .executeTakeFirst(),
        );
        if (Number(deleted.numDeletedRows) === 0) throw notFound('oauthApp', params.id);
        return undefined;
      },
    }),
  ];
}
