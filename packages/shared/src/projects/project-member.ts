import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { Id } from '../common/id';

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

/** Body of `POST /v1/project-members/:id`: the member's new project role, by name (e.g. `Editor`). */
export const UpdateProjectMemberRequest = z.object({ role: z.string().min(1) });
export type UpdateProjectMemberRequest = z.infer<typeof UpdateProjectMemberRequest>;
