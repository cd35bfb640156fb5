import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';

/**
 * A project role: a named list of permissions. Default roles (Admin, Editor, Viewer) have
 * `platformId` null; custom roles belong to a platform. Permission names: not fixed by the spec.
 */
export const ProjectRole = z.object({
  ...BaseModelFields,
  name: z.string(),
  permissions: z.array(z.string()),
  platformId: z.string().nullable(),
});
export type ProjectRole = z.infer<typeof ProjectRole>;

/** Body of `POST /v1/project-roles` (create) and of `POST /v1/project-roles/:id` (replace). */
export const SaveProjectRoleRequest = z.object({
  name: z.string().trim().min(1),
  permissions: z.array(z.string()),
});
export type SaveProjectRoleRequest = z.infer<typeof SaveProjectRoleRequest>;
