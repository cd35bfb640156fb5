/** Every route of the server, module by module. Add a module's routes here. */
import type { RouteDefinition } from '../http/route';
import type { ServerContext } from '../server-context';
import { platformRoutes } from './platform/platform-routes';

/** All routes, in registration order. */
export function allRoutes(ctx: ServerContext): RouteDefinition[] {
  const routes: RouteDefinition[] = [];
  routes.push(...platformRoutes(ctx, () => routes));
  return routes;
}
