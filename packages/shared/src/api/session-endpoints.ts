/** The signed-in user's sessions and signing out, `ENDPOINTS.sessions`. */
import { EndedSessions, UserSessionList } from '../users/user-session';
import { PLATFORM_ADMIN_ACCESS, USER_ACCESS } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * `GET /v1/users/me/sessions`, `DELETE /v1/users/me/sessions/:id`,
 * `POST /v1/users/me/sessions/end-others`, `POST /v1/authentication/sign-out` (a signed-in user's
 * own sessions; API keys are refused) and `POST /v1/users/:id/sessions/end` (platform admins).
 */
export const SESSION_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/users/me/sessions',
    operationId: 'sessions.list',
    summary: "List the signed-in user's open sessions, newest first",
    access: USER_ACCESS,
    status: 200,
    response: UserSessionList,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/v1/users/me/sessions/:id',
    operationId: 'sessions.revoke',
    summary: "End one of the signed-in user's sessions (its token stops working)",
    access: USER_ACCESS,
    params: IdParams,
    status: 204,
  }),
  endOthers: endpoint({
    method: 'POST',
    path: '/v1/users/me/sessions/end-others',
    operationId: 'sessions.endOthers',
    summary: "End every session of the signed-in user but the caller's own",
    access: USER_ACCESS,
    status: 200,
    response: EndedSessions,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/v1/authentication/sign-out',
    operationId: 'sessions.signOut',
    summary: "Sign out: end the caller's session",
    access: USER_ACCESS,
    status: 204,
  }),
  endForUser: endpoint({
    method: 'POST',
    path: '/v1/users/:id/sessions/end',
    operationId: 'sessions.endForUser',
    summary: 'End every session of a user of the platform (platform admins)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 200,
    response: EndedSessions,
  }),
};
