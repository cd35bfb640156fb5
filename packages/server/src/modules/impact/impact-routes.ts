/**
 * The Impact figures: `GET /v1/projects/:id/impact` and `GET /v1/platform-impact`. The
 * behaviour is in `impact-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { platformImpact, projectImpact, type ImpactDependencies } from './impact-service';

/** The Impact routes. */
export function impactRoutes(deps: ImpactDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.impact.project, {
      handler: async ({ query, project }) => projectImpact(deps, project.id, query),
    }),
    route(ENDPOINTS.impact.platform, {
      handler: async ({ query, principal }) => platformImpact(deps, principal.platformId, query),
    }),
  ];
}
