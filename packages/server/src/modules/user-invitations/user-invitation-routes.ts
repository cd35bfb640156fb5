/** The user-invitation routes (`/v1/user-invitations`): invite, list, accept, withdraw. */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { UserInvitationService, type UserInvitationDependencies } from './user-invitation-service';

/** Create, list, accept and delete invitations. */
export function userInvitationRoutes(ctx: UserInvitationDependencies): RouteDefinition[] {
  const invitations = new UserInvitationService(ctx);
  return [
    route(ENDPOINTS.userInvitations.create, {
      handler: ({ principal, project, body }) => invitations.create(principal, project, body),
    }),
    route(ENDPOINTS.userInvitations.list, {
      handler: ({ principal, query }) => invitations.list(principal, query),
    }),
    route(ENDPOINTS.userInvitations.accept, {
      handler: ({ body }) => invitations.accept(body.invitationToken),
    }),
    route(ENDPOINTS.userInvitations.delete, {
      handler: ({ principal, params }) => invitations.delete(principal, params.id),
    }),
  ];
}
