/**
 * The project-release routes: `GET /v1/project-releases/export`, `POST /v1/project-releases/diff`,
 * `POST|GET /v1/project-releases`, `GET /v1/project-releases/:id` (access as declared in
 * `ENDPOINTS.projectReleases`).
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { ReleaseService } from './release-service';
import type { ReadGitState } from './release-source';

/**
 * Every project-release route, bound to one {@link ReleaseService}; GIT releases read their state
 * with `readGitState`.
 */
export function projectReleaseRoutes(ctx: ServerContext, readGitState?: ReadGitState): RouteDefinition[] {
  const releases = new ReleaseService(ctx, readGitState);
  return [
    route(ENDPOINTS.projectReleases.exportState, {
      handler: ({ project }) => releases.exportState(project),
    }),
    route(ENDPOINTS.projectReleases.diff, {
      handler: ({ body, principal, project }) => releases.diff(principal, project, body),
    }),
    route(ENDPOINTS.projectReleases.create, {
      handler: ({ body, principal, project, request }) =>
        releases.create(principal, request.ip, project, body),
    }),
    route(ENDPOINTS.projectReleases.list, {
      handler: ({ query, project }) => releases.list(project, query),
    }),
    route(ENDPOINTS.projectReleases.get, {
      handler: ({ params, project }) => releases.get(project, params.id),
    }),
  ];
}
