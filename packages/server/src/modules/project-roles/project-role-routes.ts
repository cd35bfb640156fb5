/**
 * Project roles (`/v1/project-roles`): any user or API key of a platform lists and reads the
 * default roles and the platform's custom roles (each with how many of the platform's members
 * hold it); platform admins create, replace and delete custom roles. Every write records
 * project.role.created / updated / deleted in its transaction.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  createProjectRole,
  deleteProjectRole,
  getProjectRole,
  listProjectRoles,
  updateProjectRole,
  type ProjectRoleDependencies,
} from './project-role-service';

/** The project role routes. */
export function projectRoleRoutes(deps: ProjectRoleDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.projectRoles.list, {
      handler: ({ query, principal }) => listProjectRoles(deps, principal, query),
    }),
    route(ENDPOINTS.projectRoles.get, {
      handler: ({ params, principal }) => getProjectRole(deps, principal, params.id),
    }),
    route(ENDPOINTS.projectRoles.create, {
      handler: ({ body, principal, request }) => createProjectRole(deps, principal, request.ip, body),
    }),
    route(ENDPOINTS.projectRoles.update, {
      handler: ({ params, body, principal, request }) =>
        updateProjectRole(deps, principal, request.ip, params.id, body),
    }),
    route(ENDPOINTS.projectRoles.delete, {
      handler: async ({ params, principal, request }) => {
        await deleteProjectRole(deps, principal, request.ip, params.id);
        return undefined;
      },
    }),
  ];
}
