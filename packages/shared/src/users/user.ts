import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';

/** Whether a user may sign in: ACTIVE or INACTIVE (deactivated by an admin). */
export const UserStatus = z.enum(['ACTIVE', 'INACTIVE']);
export type UserStatus = z.infer<typeof UserStatus>;

/**
 * A user's role on the platform. ADMIN manages the platform; OPERATOR can edit all projects;
 * MEMBER reaches projects through project memberships. (EXTERNAL_CUSTOMER no longer exists.)
 */
export const PlatformRole = z.enum(['ADMIN', 'MEMBER', 'OPERATOR']);
export type PlatformRole = z.infer<typeof PlatformRole>;

/** A user of a platform, as the API returns it (never with a password or its hash). */
export const User = z.object({
  ...BaseModelFields,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: UserStatus,
  platformRole: PlatformRole,
  externalId: z.string().nullable().optional(),
  platformId: z.string().nullable().optional(),
  lastActiveDate: z.string().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  /** Whether the user confirmed their email address (always true on a server that sends no email). */
  verified: z.boolean().optional(),
});
export type User = z.infer<typeof User>;

/**
 * The short user shape `{id, email, firstName, lastName}` carried in audit events and in a
 * release's `importedByUser`. Parsing a full {@link User} with it keeps just these four fields.
 */
export const UserSummary = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type UserSummary = z.infer<typeof UserSummary>;

/** Body of `POST /v1/users/:id`: change a user's platform role and/or status. */
export const UpdateUserRequest = z.object({
  platformRole: PlatformRole.optional(),
  status: UserStatus.optional(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;
