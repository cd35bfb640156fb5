/**
 * The platform's users (`/v1/users`), for platform admins and API keys: list them (filtered by
 * email, platform role, status, external id), change a user's role, status or external id, and
 * delete a user. A user of another platform is 404. The last ACTIVE ADMIN of a platform is never
 * demoted, deactivated or deleted (409 VALIDATION). Sessions are checked against the user row on
 * every request, so a deactivated or deleted user's tokens stop working at once; deactivation also
 * bumps the user's `tokenVersion`, so reactivating the user does not revive old tokens. An
 * external id is unique per platform (managed authentication finds users by it): 409 CONFLICT.
 */
import { assertExternalIdFree } from '../../infrastructure/storage/external-id';
import { ENDPOINTS } from '@piecework/shared';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { containsPattern } from '../../infrastructure/storage/like-pattern';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import { userView } from '../identity/user-view';
import { deletePlatformUser } from './delete-platform-user';
import { assertKeepsAnActiveAdmin } from './last-active-admin';

/** The user administration routes. */
export function userRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.users.list, {
      handler: async ({ query, principal }) => {
        let select = ctx.store.db
          .selectFrom('user')
          .select(USER_COLUMNS)
          .where('platformId', '=', principal.platformId);
        if (query.email !== undefined) {
          const pattern = containsPattern(query.email.toLowerCase());
          select = select.where(sql<SqlBool>`lower(${sql.ref('user.email')}) like ${pattern} escape '\\'`);
        }
        if (query.platformRole !== undefined) {
          select = select.where('platformRole', '=', query.platformRole);
        }
        if (query.status !== undefined) {
          select = select.where('status', '=', query.status);
        }
        if (query.externalId !== undefined) {
          select = select.where('externalId', '=', query.externalId);
        }
        return mapPage(await fetchSeekPage(select, 'user', query), userView);
      },
    }),
    route(ENDPOINTS.users.update, {
      logEntity: 'user',
      handler: async ({ params, body, principal }) => {
        const row = await ctx.store.write(async (trx) => {
          await lockRowForWrite(trx, 'platform', principal.platformId);
          const user = await userOfPlatform(trx, principal, params.id);
          await assertKeepsAnActiveAdmin(trx, user, body);
          if (body.externalId != null && body.externalId !== user.externalId) {
            await assertExternalIdFree(trx, 'user', principal.platformId, body.externalId);
          }
          return trx
            .updateTable('user')
            .set({
              ...(body.platformRole === undefined ? {} : { platformRole: body.platformRole }),
              ...(body.status === undefined ? {} : { status: body.status }),
              ...(body.externalId === undefined ? {} : { externalId: body.externalId }),
              // Deactivation ends the user's sessions for good: reactivating does not revive them.
              ...(body.status === 'INACTIVE' && user.status !== 'INACTIVE'
                ? { tokenVersion: (eb) => eb('tokenVersion', '+', 1) }
                : {}),
              updated: ctx.now(),
            })
            .where('id', '=', user.id)
            .returning(USER_COLUMNS)
            .executeTakeFirstOrThrow();
        });
        return userView(row);
      },
    }),
    route(ENDPOINTS.users.delete, {
      logEntity: 'user',
      handler: async ({ params, principal }) => {
        await ctx.store.write(async (trx) => {
          await lockRowForWrite(trx, 'platform', principal.platformId);
          const user = await trx
            .selectFrom('user')
            .selectAll()
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .executeTakeFirst();
          if (user === undefined) {
            throw notFound('user', params.id);
          }
          await deletePlatformUser(trx, user);
        });
        return undefined;
      },
    }),
  ];
}

/** Every user column but the password hash and the token version. */
const USER_COLUMNS = [
  'id',
  'created',
  'updated',
  'platformId',
  'email',
  'firstName',
  'lastName',
  'platformRole',
  'status',
  'externalId',
  'verified',
] as const;

async function userOfPlatform(trx: Kysely<Database>, principal: Principal, id: string) {
  const user = await trx
    .selectFrom('user')
    .select(USER_COLUMNS)
    .where('id', '=', id)
    .where('platformId', '=', principal.platformId)
    .executeTakeFirst();
  if (user === undefined) {
    throw notFound('user', id);
  }
  return user;
}
