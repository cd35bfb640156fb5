/**
 * The platform's OAuth2 apps (`/v1/oauth-apps`): any user of the platform lists them, platform
 * admins set and delete them. The behaviour is in `oauth-app-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  deleteOAuthApp,
  listOAuthApps,
  upsertOAuthApp,
  type OAuthAppDependencies,
} from './oauth-app-service';

/** List, upsert and delete the platform's OAuth2 apps. */
export function oauthAppRoutes(deps: OAuthAppDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.oauthApps.list, {
      handler: async ({ principal, query }) => listOAuthApps(deps, principal.platformId, query),
    }),
    route(ENDPOINTS.oauthApps.upsert, {
      handler: async ({ principal, body }) => upsertOAuthApp(deps, principal.platformId, body),
    }),
    route(ENDPOINTS.oauthApps.delete, {
      handler: async ({ principal, params }) => {
        await deleteOAuthApp(deps, principal.platformId, params.id);
        return undefined;
      },
    }),
  ];
}
