import { z } from 'zod';

/**
 * The project an audit event happened in, as carried in its `data.project`: the display name,
 * and for flow events the project's `externalId` (string or null).
 */
export const AuditProject = z.object({
  displayName: z.string(),
  externalId: z.string().nullable().optional(),
});
export type AuditProject = z.infer<typeof AuditProject>;
