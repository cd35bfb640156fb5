/**
 * The platform's users (`/v1/users`), for platform admins and API keys: list them (filtered by
 * email, platform role, status, external id), change a user's role, status or external id, and
 * delete a user. A user of another platform is 404. The last ACTIVE ADMIN of a platform is never
 * demoted, deactivated or deleted (409 VALIDATION). Sessions are checked against the user row on
 * every request, so a deactivated or deleted user's tokens stop working at once; deactivation also
 * bumps the user's `tokenVersion`, so reactivating the user does not revive old tokens. An
 * external id is unique per platform (managed authentication finds users by it): 409 CONFLICT.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { deleteUser, listUsers, updateUser, type UserDependencies } from './user-service';

/** The user administration routes. */
export function userRoutes(deps: UserDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.users.list, {
      handler: ({ query, principal }) => listUsers(deps, principal.platformId, query),
    }),
    route(ENDPOINTS.users.update, {
      logEntity: 'user',
      handler: ({ params, body, principal }) => updateUser(deps, principal, params.id, body),
    }),
    route(ENDPOINTS.users.delete, {
      logEntity: 'user',
      handler: async ({ params, principal }) => {
        await deleteUser(deps, principal, params.id);
        return undefined;
      },
    }),
  ];
}
