/**
 * The platform itself (`/v1/platforms/:id`): anyone on it reads its name, credit balance and
 * Google sign-in toggle; platform admins (ADMIN users, API keys) rename it, set the balance
 * (`null`: unlimited, the default when self-hosting) or toggle Google sign-in. Another platform's
 * id answers 404.
 */
import { ENDPOINTS, type Platform } from '@piecework/shared';
import type { Kysely, Selectable } from 'kysely';
import { requirePlatformAdmin, type Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { route, type RouteDefinition } from '../../http/route';
import type { ServerContext } from '../../server-context';
import type { Database, PlatformTable } from '../../storage/database';

const PLATFORM_COLUMNS = ['id', 'name', 'credits', 'googleAuthEnabled'] as const;

/** The API form of a platform row. */
function platformView(row: Pick<Selectable<PlatformTable>, (typeof PLATFORM_COLUMNS)[number]>): Platform {
  return { id: row.id, name: row.name, credits: row.credits, googleAuthEnabled: row.googleAuthEnabled === 1 };
}

/** The caller's platform when `id` names it; any other id is 404 (as if it did not exist). */
async function ownPlatform(db: Kysely<Database>, principal: Principal, id: string): Promise<Platform> {
  const row =
    id === principal.platformId
      ? await db.selectFrom('platform').select(PLATFORM_COLUMNS).where('id', '=', id).executeTakeFirst()
      : undefined;
  if (row === undefined) throw notFound('platform', id);
  return platformView(row);
}

/** Get and update the caller's platform. */
export function platformsRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.platforms.get, {
      handler: ({ params, principal }) => ownPlatform(ctx.store.db, principal, params.id),
    }),
    route(ENDPOINTS.platforms.update, {
      handler: ({ params, principal, body }) =>
        ctx.store.write(async (trx) => {
          const platform = await ownPlatform(trx, principal, params.id);
          requirePlatformAdmin(principal, 'Only platform admins update the platform');
          const changes = {
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.credits === undefined ? {} : { credits: body.credits }),
            ...(body.googleAuthEnabled === undefined
              ? {}
              : { googleAuthEnabled: body.googleAuthEnabled ? (1 as const) : (0 as const) }),
          };
          if (Object.keys(changes).length === 0) return platform;
          const row = await trx
            .updateTable('platform')
            .set({ ...changes, updated: ctx.now() })
            .where('id', '=', platform.id)
            .returning(PLATFORM_COLUMNS)
            .executeTakeFirstOrThrow();
          return platformView(row);
        }),
    }),
  ];
}
