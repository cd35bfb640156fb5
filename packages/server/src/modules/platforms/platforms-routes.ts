/**
 * The platform itself (`/v1/platforms/:id`): anyone on it reads its name, credit balance and
 * sign-in rules; platform admins (ADMIN users, API keys) rename it, set the balance (`null`:
 * unlimited, the default when self-hosting) or change the sign-in rules. Another platform's id
 * answers 404.
 */
import {
  ENDPOINTS,
  type Platform,
  type PlatformAuthSettings,
  type UpdatePlatformRequest,
} from '@piecework/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { Database, PlatformTable } from '../../infrastructure/storage/database';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import { assertSignInStaysPossible } from './auth-settings-rules';
import { PLATFORM_COLUMNS, platformView } from './platform-view';

/** The caller's platform when `id` names it; any other id is 404 (as if it did not exist). */
async function ownPlatform(db: Kysely<Database>, principal: Principal, id: string): Promise<Platform> {
  const row =
    id === principal.platformId
      ? await db.selectFrom('platform').select(PLATFORM_COLUMNS).where('id', '=', id).executeTakeFirst()
      : undefined;
  if (row === undefined) throw notFound('platform', id);
  return platformView(row);
}

/** The columns an update request changes (absent fields: unchanged). */
function platformChanges(body: UpdatePlatformRequest): Updateable<PlatformTable> {
  const changes: Updateable<PlatformTable> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.credits !== undefined) changes.credits = body.credits;
  if (body.emailAuthEnabled !== undefined) changes.emailAuthEnabled = toSqlBoolean(body.emailAuthEnabled);
  if (body.allowedAuthDomains !== undefined) {
    changes.allowedAuthDomains = toJson([...new Set(body.allowedAuthDomains)]);
  }
  if (body.enforceAllowedAuthDomains !== undefined) {
    changes.enforceAllowedAuthDomains = toSqlBoolean(body.enforceAllowedAuthDomains);
  }
  if (body.googleAuthEnabled !== undefined) changes.googleAuthEnabled = toSqlBoolean(body.googleAuthEnabled);
  return changes;
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
          const changes = platformChanges(body);
          if (Object.keys(changes).length === 0) return platform;
          if (changesSignIn(body)) {
            assertSignInStaysPossible(nextAuthSettings(platform, body), ctx.settings.config, principal);
          }
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

/** True when the request touches any sign-in rule. */
function changesSignIn(body: UpdatePlatformRequest): boolean {
  return (
    body.emailAuthEnabled !== undefined ||
    body.allowedAuthDomains !== undefined ||
    body.enforceAllowedAuthDomains !== undefined ||
    body.googleAuthEnabled !== undefined
  );
}

/** The sign-in rules as they will be once `body` applies to `platform`. */
function nextAuthSettings(platform: Platform, body: UpdatePlatformRequest): PlatformAuthSettings {
  return {
    emailAuthEnabled: body.emailAuthEnabled ?? platform.emailAuthEnabled,
    allowedAuthDomains: body.allowedAuthDomains ?? platform.allowedAuthDomains,
    enforceAllowedAuthDomains: body.enforceAllowedAuthDomains ?? platform.enforceAllowedAuthDomains,
    googleAuthEnabled: body.googleAuthEnabled ?? platform.googleAuthEnabled,
  };
}
