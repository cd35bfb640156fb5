/**
 * The session routes: the signed-in user's own sessions (`/v1/users/me/sessions`), signing out
 * (`POST /v1/authentication/sign-out`), and a platform admin ending a user's sessions
 * (`POST /v1/users/:id/sessions/end`).
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  endOtherSessions,
  endSessionsOfUser,
  listSessions,
  revokeSession,
  signOut,
  type SessionDependencies,
} from './session-service';

/** The routes of `ENDPOINTS.sessions`. */
export function sessionRoutes(deps: SessionDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.sessions.list, {
      handler: ({ principal }) => listSessions(deps, principal),
    }),
    route(ENDPOINTS.sessions.revoke, {
      handler: async ({ params, principal }) => {
        await revokeSession(deps, principal, params.id);
        return undefined;
      },
    }),
    route(ENDPOINTS.sessions.endOthers, {
      handler: ({ principal }) => endOtherSessions(deps, principal),
    }),
    route(ENDPOINTS.sessions.signOut, {
      handler: async ({ principal }) => {
        await signOut(deps, principal);
        return undefined;
      },
    }),
    route(ENDPOINTS.sessions.endForUser, {
      logEntity: 'user',
      handler: ({ params, principal }) => endSessionsOfUser(deps, principal, params.id),
    }),
  ];
}
