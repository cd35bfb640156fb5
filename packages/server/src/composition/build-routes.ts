/**
 * The routes stage of the server's assembly: the API routes an app serves, or the health routes
 * alone of a worker.
 */
import type { CreateServerOptions } from '../create-server';
import type { RouteDefinition } from '../infrastructure/http/route';
import { allRoutes } from '../modules/all-routes';
import { platformRoutes } from '../modules/platform/platform-routes';
import type { ServerContext } from '../server-context';

/** Every route of the server when it serves the API; a worker's health routes otherwise. */
export function buildRoutes(
  context: ServerContext,
  servesApi: boolean,
  options: Pick<CreateServerOptions, 'googleEndpoints' | 'githubEndpoints' | 'oidcAllowHttpIssuers'>,
): RouteDefinition[] {
  // A worker answers health only: the API is the app's.
  return servesApi
    ? allRoutes(context, {
        federatedAuthn: {
          google: options.googleEndpoints,
          github: options.githubEndpoints,
          oidcAllowHttpIssuers: options.oidcAllowHttpIssuers,
        },
      })
    : platformRoutes(context, () => []);
}
