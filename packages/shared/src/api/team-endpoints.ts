/**
 * The endpoints of a platform's people: its users (`/v1/users`, platform admins), project members
 * (`/v1/project-members`) and project roles (`/v1/project-roles`); reached as `ENDPOINTS.users`,
 * `ENDPOINTS.projectMembers` and `ENDPOINTS.projectRoles`.
 */
import { z } from 'zod';
import { Page } from '../common/page';
import {
  GetProjectMemberRoleQuery,
  ListProjectMembersQuery,
  ProjectMemberWithUser,
  UpdateProjectMemberRequest,
} from '../projects/project-member';
import {
  ListProjectRolesQuery,
  ProjectRoleWithType,
  ProjectRoleWithUserCount,
  SaveProjectRoleRequest,
} from '../projects/project-role';
import { ListUsersQuery, UpdateUserRequest, User } from '../users/user';
import { PLATFORM_ACCESS, PLATFORM_ADMIN_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** The platform's users, for platform admins: list, change role/status, delete. */
export const USER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/users',
    operationId: 'users.list',
    summary: "List the platform's users (filter by email, platformRole, status, externalId)",
    access: PLATFORM_ADMIN_ACCESS,
    query: ListUsersQuery,
    status: 200,
    response: Page(User),
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/users/:id',
    operationId: 'users.update',
    summary:
      "Change a user's platform role, status or external id (the last active admin stays an active admin)",
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    body: UpdateUserRequest,
    status: 200,
    response: User,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/users/:id',
    operationId: 'users.delete',
    summary: 'Delete a user with their memberships and PERSONAL projects (not the last active admin)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 204,
  }),
};

/** A project's members: list, change a member's role, remove a member, and the caller's own role. */
export const PROJECT_MEMBER_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/project-members',
    operationId: 'projectMembers.list',
    summary: "List a project's members with their user and role (optionally of one role)",
    access: projectAccess('READ_PROJECT_MEMBER', { from: 'query' }),
    query: ListProjectMembersQuery,
    status: 200,
    response: Page(ProjectMemberWithUser),
  }),
  role: endpoint({
    method: 'GET',
    path: '/v1/project-members/role',
    operationId: 'projectMembers.role',
    summary:
      "The caller's role in a project (Admin for owners, platform admins, operators and API keys; null when none)",
    access: PLATFORM_ACCESS,
    query: GetProjectMemberRoleQuery,
    status: 200,
    response: ProjectRoleWithType.nullable(),
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/project-members/:id',
    operationId: 'projectMembers.update',
    summary: "Change a member's role, by name (a default role or one of the platform's custom roles)",
    access: projectAccess('WRITE_PROJECT_MEMBER', { from: 'entity', entity: 'projectMember' }),
    params: IdParams,
    body: UpdateProjectMemberRequest,
    status: 200,
    response: ProjectMemberWithUser,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/project-members/:id',
    operationId: 'projectMembers.delete',
    summary: 'Remove a member from its project',
    access: projectAccess('WRITE_PROJECT_MEMBER', { from: 'entity', entity: 'projectMember' }),
    params: IdParams,
    status: 204,
  }),
};

/** Project roles: the fixed defaults and the platform's custom roles (written by platform admins). */
export const PROJECT_ROLE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/project-roles',
    operationId: 'projectRoles.list',
    summary: "List the default roles and the platform's custom roles, each with its member count",
    access: PLATFORM_ACCESS,
    query: ListProjectRolesQuery,
    status: 200,
    response: Page(ProjectRoleWithUserCount),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/project-roles/:id',
    operationId: 'projectRoles.get',
    summary: 'Get a default role or one of the platform’s custom roles',
    access: PLATFORM_ACCESS,
    params: IdParams,
    status: 200,
    response: ProjectRoleWithUserCount,
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/project-roles',
    operationId: 'projectRoles.create',
    summary: 'Create a custom role (name unique in the platform, ignoring case)',
    access: PLATFORM_ADMIN_ACCESS,
    body: SaveProjectRoleRequest,
    status: 201,
    response: ProjectRoleWithUserCount,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/project-roles/:id',
    operationId: 'projectRoles.update',
    summary: "Replace a custom role's name and permissions (default roles are fixed)",
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    body: SaveProjectRoleRequest,
    status: 200,
    response: ProjectRoleWithUserCount,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/project-roles/:id',
    operationId: 'projectRoles.delete',
    summary:
      'Delete a custom role, by id (or by name, as Activepieces does); the members holding it are removed too',
    access: PLATFORM_ADMIN_ACCESS,
    params: z.object({ id: z.string().min(1) }),
    status: 204,
  }),
};
