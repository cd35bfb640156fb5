/**
 * Project members (`/v1/project-members`): list a project's members with their user and role
 * (READ_PROJECT_MEMBER), change a member's role by name or remove a member
 * (WRITE_PROJECT_MEMBER), and the caller's own role in a project (any caller of the platform).
 * Members are created by accepting invitations. The access check has authorized the project
 * (from `projectId`, or from the member row `:id` names) before a handler runs.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  changeMemberRole,
  getCallerProjectRole,
  listProjectMembers,
  removeProjectMember,
  type ProjectMemberDependencies,
} from './project-member-service';

/** The project member routes. */
export function projectMemberRoutes(deps: ProjectMemberDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.projectMembers.list, {
      handler: ({ query, project }) => listProjectMembers(deps, project.id, query),
    }),
    route(ENDPOINTS.projectMembers.role, {
      handler: ({ query, principal }) => getCallerProjectRole(deps, principal, query.projectId),
    }),
    route(ENDPOINTS.projectMembers.update, {
      handler: ({ params, body, principal, project }) =>
        changeMemberRole(deps, principal, project.id, params.id, body.role),
    }),
    route(ENDPOINTS.projectMembers.delete, {
      handler: async ({ params, project }) => {
        await removeProjectMember(deps, project.id, params.id);
        return undefined;
      },
    }),
  ];
}
