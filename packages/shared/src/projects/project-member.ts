import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { Id } from '../common/id';
import { PageQuery } from '../common/page';
import { User } from '../users/user';
import { ProjectRoleWithType } from './project-role';

/**
 * A user's membership of a project with a project role. `platformId`, `userId` and
 * `projectRoleId` are 21-character ids. Created when an invitation is accepted.
 */
export const ProjectMember = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  platformId: Id,
  userId: Id,
  projectRoleId: Id,
});
export type ProjectMember = z.infer<typeof ProjectMember>;

/**
 * A membership as `/v1/project-members` answers it (Activepieces' `ProjectMemberWithUser`): the
 * member record with its role, its project's id and name, and the user.
 */
export const ProjectMemberWithUser = ProjectMember.extend({
  projectRole: ProjectRoleWithType,
  project: z.object({ id: z.string(), displayName: z.string() }),
  user: User,
});
export type ProjectMemberWithUser = z.infer<typeof ProjectMemberWithUser>;

/** Query of `GET /v1/project-members`: a project's members, optionally only those with one role. */
export const ListProjectMembersQuery = PageQuery.extend({
  projectId: z.string().min(1),
  projectRoleId: z.string().min(1).optional(),
});
export type ListProjectMembersQuery = z.infer<typeof ListProjectMembersQuery>;

/** Query of `GET /v1/project-members/role`: the project whose role of the caller is asked. */
export const GetProjectMemberRoleQuery = z.object({ projectId: z.string().min(1) });
export type GetProjectMemberRoleQuery = z.infer<typeof GetProjectMemberRoleQuery>;

/** Body of `POST /v1/project-members/:id`: the member's new project role, by name (e.g. `Editor`). */
export const UpdateProjectMemberRequest = z.object({ role: z.string().min(1) });
export type UpdateProjectMemberRequest = z.infer<typeof UpdateProjectMemberRequest>;
