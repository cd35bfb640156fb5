/** Public platform routes: health, feature flags and the OpenAPI description. */
import { ENDPOINTS } from '@piecework/shared';
import { buildOpenApiDocument, type OpenApiDocument } from '../../infrastructure/http/openapi';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { PIECEWORK_RELEASE } from '../../release';
import { requestPlatformId } from '../access/request-platform';
import { oidcDisplayName, shownSignInProviders } from '../federated-authn/shown-providers';
import { platformPlan } from '../platform-plan/platform-plan';
import { featureFlags } from './feature-flags';

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * What the platform routes use of the server context: the settings, the store and the clock (the
 * plan and its sign-in providers, whose secrets the secret box opens), the embed origins, the
 * scale-out workers, and what resolving the request's platform from its bearer token needs.
 */
export type PlatformRouteDependencies = Pick<
  ServerContext,
  'settings' | 'store' | 'now' | 'secrets' | 'embedOrigins' | 'workers'
> &
  Parameters<typeof requestPlatformId>[0];

/** The platform routes; `allRoutes` is read lazily to describe every route in `GET /v1/docs`. */
export function platformRoutes(
  ctx: PlatformRouteDependencies,
  allRoutes: () => readonly RouteDefinition[],
): RouteDefinition[] {
  let document: OpenApiDocument | undefined;
  return [
    route(ENDPOINTS.platform.health, {
      // One process answers as Activepieces does; scale-out adds the release and the workers.
      handler: async () =>
        ctx.workers === undefined
          ? { status: 'OK' as const }
          : { status: 'OK' as const, release: PIECEWORK_RELEASE, workers: await ctx.workers.list() },
    }),
    route(ENDPOINTS.platform.flags, {
      handler: async ({ request }) => {
        const platformId = await requestPlatformId(ctx, headerText(request.headers.authorization));
        return featureFlags(ctx.settings, {
          signInProviders: await shownSignInProviders(ctx, platformId),
          oidcDisplayName: await oidcDisplayName(ctx, platformId),
          allowedEmbedOrigins: await ctx.embedOrigins.allowed(),
          plan: await platformPlan(ctx, platformId),
        });
      },
    }),
    route(ENDPOINTS.platform.openApi, {
      handler: () => {
        document ??= buildOpenApiDocument(
          allRoutes().map((definition) => definition.endpoint),
          `${ctx.settings.publicUrl}api`,
        );
        return Promise.resolve(document);
      },
    }),
  ];
}
