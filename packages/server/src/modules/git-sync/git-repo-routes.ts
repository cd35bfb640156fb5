/**
 * Git sync: `POST|GET /v1/git-repos`, `POST /v1/git-repos/:id/push`, `DELETE /v1/git-repos/:id`.
 * The behaviour is in `git-repo-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { configureGitRepo, deleteGitRepo, listGitRepos, pushToGitRepo } from './git-repo-service';

/** The git repository routes. */
export function gitRepoRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.gitRepos.configure, {
      handler: ({ body, project }) => configureGitRepo(ctx, project, body),
    }),
    route(ENDPOINTS.gitRepos.list, {
      handler: ({ query, project }) =>
        listGitRepos(ctx, project, { limit: query.limit, cursor: query.cursor }),
    }),
    route(ENDPOINTS.gitRepos.push, {
      handler: ({ params, body, principal, project }) =>
        pushToGitRepo(ctx, principal, project, params.id, body),
    }),
    route(ENDPOINTS.gitRepos.delete, {
      handler: async ({ params, project }) => {
        await deleteGitRepo(ctx, project, params.id);
        return undefined;
      },
    }),
  ];
}
