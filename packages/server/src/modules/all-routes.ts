/** Every route of the server, module by module. Add a module's routes here. */
import type { RouteDefinition } from '../http/route';
import type { ServerContext } from '../server-context';
import { apiKeyRoutes } from './api-keys/api-key-routes';
import { identityRoutes } from './identity/identity-routes';
import { platformRoutes } from './platform/platform-routes';
import { projectRoutes } from './projects/project-routes';

/** All routes, in registration order. */
export function allRoutes(ctx: ServerContext): RouteDefinition[] {
  const routes: RouteDefinition[] = [];
  routes.push(...platformRoutes(ctx, () => routes));
  routes.push(...identityRoutes(ctx));
  routes.push(...apiKeyRoutes(ctx));
  routes.push(...projectRoutes(ctx));
  return routes;
}
