import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';
import { PlatformRole } from './user';

/** Whether an invitation is still open (PENDING) or was accepted (ACCEPTED). */
export const InvitationStatus = z.enum(['PENDING', 'ACCEPTED']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** What an invitation grants: a platform role (PLATFORM) or a role in one project (PROJECT). */
export const InvitationType = z.enum(['PLATFORM', 'PROJECT']);
export type InvitationType = z.infer<typeof InvitationType>;

/**
 * The project role nested in a {@link UserInvitation}: the project-role fields plus the role's
 * `type` and how many users hold it (`userCount`).
 */
export const InvitationProjectRole = z.object({
  ...BaseModelFields,
  name: z.string(),
  permissions: z.array(z.string()),
  platformId: z.string().nullable(),
  type: z.string(),
  userCount: z.number().int().min(0),
});
export type InvitationProjectRole = z.infer<typeof InvitationProjectRole>;

/** An invitation of an email address to the platform or to a project. */
export const UserInvitation = z.object({
  ...BaseModelFields,
  email: z.string(),
  platformId: z.string(),
  status: InvitationStatus,
  type: InvitationType,
  platformRole: PlatformRole.nullable().optional(),
  projectId: z.string().nullable().optional(),
  projectRoleId: z.string().nullable().optional(),
  projectRole: InvitationProjectRole.nullable().optional(),
});
export type UserInvitation = z.infer<typeof UserInvitation>;

/**
 * Answer of `POST /v1/user-invitations`: the invitation, plus the `link` the invitee opens to
 * accept it when the server cannot email it (no SMTP configured), as Activepieces does. The link
 * is `<public URL>invitation?token=<token>&email=<email>`; its token is valid one day.
 */
export const UserInvitationWithLink = UserInvitation.extend({ link: z.string().optional() });
export type UserInvitationWithLink = z.infer<typeof UserInvitationWithLink>;

/**
 * Query of `GET /v1/user-invitations`: filters by `type`, `projectId` and `status` (each optional;
 * without `projectId` the list is platform-wide, for platform admins), newest first.
 */
export const ListUserInvitationsQuery = PageQuery.extend({
  type: InvitationType.optional(),
  projectId: z.string().optional(),
  status: InvitationStatus.optional(),
});
export type ListUserInvitationsQuery = z.infer<typeof ListUserInvitationsQuery>;

/**
 * Answer of `POST /v1/user-invitations/accept`: `registered` is true when the invitee already has
 * a user on the inviting platform (the invitation then applied at once); false means they sign up
 * next, with the invited email, and it applies then.
 */
export const AcceptUserInvitationResponse = z.object({ registered: z.boolean() });
export type AcceptUserInvitationResponse = z.infer<typeof AcceptUserInvitationResponse>;

/**
 * Body of `POST /v1/user-invitations`, told apart by `type`: a PROJECT invitation names the
 * project and the role (by name, e.g. `Editor`); a PLATFORM invitation names the platform role.
 */
export const CreateUserInvitationRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('PROJECT'),
    email: z.email(),
    projectId: z.string(),
    projectRole: z.string().min(1),
  }),
  z.object({
    type: z.literal('PLATFORM'),
    email: z.email(),
    platformRole: PlatformRole,
  }),
]);
export type CreateUserInvitationRequest = z.infer<typeof CreateUserInvitationRequest>;

/** Body of `POST /v1/user-invitations/accept`: the token from the invitation email. */
export const AcceptUserInvitationRequest = z.object({ invitationToken: z.string().min(1) });
export type AcceptUserInvitationRequest = z.infer<typeof AcceptUserInvitationRequest>;
