/** The `/v1/projects` routes. */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';

import { ProjectService, type ProjectDependencies } from './project-service';

/** Create, list, get, update and delete projects. */
export function projectRoutes(ctx: ProjectDependencies): RouteDefinition[] {
  const projects = new ProjectService(ctx);
  return [
    route(ENDPOINTS.projects.create, { handler: ({ principal, body }) => projects.create(principal, body) }),
    route(ENDPOINTS.projects.list, { handler: ({ principal, query }) => projects.list(principal, query) }),
    route(ENDPOINTS.projects.get, {
      logEntity: 'project',
      handler: ({ project }) => projects.get(project),
    }),
    route(ENDPOINTS.projects.update, {
      logEntity: 'project',
      handler: ({ principal, project, body }) => projects.update(principal, project, body),
    }),
    route(ENDPOINTS.projects.delete, {
      logEntity: 'project',
      handler: ({ principal, params }) => projects.delete(principal, params.id),
    }),
  ];
}
