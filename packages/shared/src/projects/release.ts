import { z } from 'zod';
import { UserSummary } from '../users/user';

/**
 * A project release (`GET|POST /v1/project-releases`): a named snapshot of a project's flows.
 * `type` is free text in the spec; `importedByUser` is the user who made it, as
 * `{id, email, firstName, lastName}`.
 */
export const Release = z.object({
  name: z.string(),
  type: z.string(),
  projectId: z.string(),
  description: z.string().nullable().optional(),
  importedByUser: UserSummary.optional(),
});
export type Release = z.infer<typeof Release>;
