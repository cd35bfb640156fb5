/**
 * The platform itself (`/v1/platforms/:id`): anyone on it reads its name, credit balance and
 * sign-in rules; platform admins (ADMIN users, API keys) rename it, set the balance (`null`:
 * unlimited, the default when self-hosting) or change the sign-in rules. Another platform's id
 * answers 404.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { getPlatform, updatePlatform, type PlatformsDependencies } from './platforms-service';

/** Get and update the caller's platform. */
export function platformsRoutes(deps: PlatformsDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.platforms.get, {
      handler: ({ params, principal }) => getPlatform(deps, principal, params.id),
    }),
    route(ENDPOINTS.platforms.update, {
      handler: ({ params, principal, body }) => updatePlatform(deps, principal, params.id, body),
    }),
  ];
}
