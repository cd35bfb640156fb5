import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';
import { Permission } from './permission';

/** A role's kind: the three fixed DEFAULT roles shared by every platform, or a platform's CUSTOM role. */
export const ProjectRoleType = z.enum(['DEFAULT', 'CUSTOM']);
export type ProjectRoleType = z.infer<typeof ProjectRoleType>;

/**
 * A project role: a named list of permissions. Default roles (Admin, Editor, Viewer) have
 * `platformId` null; custom roles belong to a platform. This is the shape audit events carry
 * (project.role.*); the API answers with {@link ProjectRoleWithType} or {@link ProjectRoleWithUserCount}.
 */
export const ProjectRole = z.object({
  ...BaseModelFields,
  name: z.string(),
  permissions: z.array(z.string()),
  platformId: z.string().nullable(),
});
export type ProjectRole = z.infer<typeof ProjectRole>;

/** A project role with its `type`, as a member's role and the caller's own role are answered. */
export const ProjectRoleWithType = ProjectRole.extend({ type: ProjectRoleType });
export type ProjectRoleWithType = z.infer<typeof ProjectRoleWithType>;

/** A project role as `/v1/project-roles` answers it: with its type and how many members hold it. */
export const ProjectRoleWithUserCount = ProjectRoleWithType.extend({ userCount: z.number().int().min(0) });
export type ProjectRoleWithUserCount = z.infer<typeof ProjectRoleWithUserCount>;

/**
 * Body of `POST /v1/project-roles` (create) and of `POST /v1/project-roles/:id` (replace): the
 * name (trimmed; unique per platform ignoring case, and not a default role's name) and the
 * permissions, each a {@link Permission} (duplicates are kept once).
 */
export const SaveProjectRoleRequest = z.object({
  name: z.string().trim().min(1).max(100),
  permissions: z.array(Permission).transform((permissions) => [...new Set(permissions)]),
});
export type SaveProjectRoleRequest = z.infer<typeof SaveProjectRoleRequest>;

/** Query of `GET /v1/project-roles`: a page of the default roles and the platform's custom roles. */
export const ListProjectRolesQuery = PageQuery;
export type ListProjectRolesQuery = z.infer<typeof ListProjectRolesQuery>;
