/** The user invitation endpoints (`ENDPOINTS.userInvitations`). */
import { Page } from '../common/page';
import {
  AcceptUserInvitationRequest,
  AcceptUserInvitationResponse,
  CreateUserInvitationRequest,
  ListUserInvitationsQuery,
  UserInvitation,
  UserInvitationWithLink,
} from '../users/user-invitation';
import { PUBLIC_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * Teams: inviting people to a project (with a project role) or to the platform (with a platform
 * role). A PROJECT invitation needs WRITE_INVITATION on its project, a PLATFORM one a platform
 * admin; the invitee accepts with the token of the emailed (or returned) link.
 */
export const INVITATION_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/user-invitations',
    operationId: 'userInvitations.create',
    summary:
      'Invite an email to a project or the platform (inviting again updates the invitation); the link is answered when no SMTP server is configured',
    access: projectAccess('WRITE_INVITATION', { from: 'body', optional: 'platformAdmin' }),
    body: CreateUserInvitationRequest,
    status: 201,
    response: UserInvitationWithLink,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/user-invitations',
    operationId: 'userInvitations.list',
    summary: "List a project's invitations (READ_INVITATION), or the platform's (platform admins)",
    access: projectAccess('READ_INVITATION', { from: 'query', optional: 'platformAdmin' }),
    query: ListUserInvitationsQuery,
    status: 200,
    response: Page(UserInvitation),
  }),
  accept: endpoint({
    method: 'POST',
    path: '/v1/user-invitations/accept',
    operationId: 'userInvitations.accept',
    summary:
      'Accept an invitation by its token: applies at once to a registered invitee, else when they sign up',
    access: PUBLIC_ACCESS,
    body: AcceptUserInvitationRequest,
    status: 200,
    response: AcceptUserInvitationResponse,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/user-invitations/:id',
    operationId: 'userInvitations.delete',
    summary: 'Withdraw an invitation',
    access: projectAccess('WRITE_INVITATION', { from: 'entity', entity: 'userInvitation' }),
    params: IdParams,
    status: 204,
  }),
};
