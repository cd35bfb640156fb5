/** `POST /v1/managed-authn/external-token`: a host's signed JWT exchanged for a session (public). */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { sessionOriginOf } from '../sessions/session-origin';
import { ManagedAuthnService, type ManagedAuthnDependencies } from './managed-authn-service';

/** The managed-authentication route. */
export function managedAuthnRoutes(ctx: ManagedAuthnDependencies): RouteDefinition[] {
  const managed = new ManagedAuthnService(ctx);
  return [
    route(ENDPOINTS.managedAuthn.externalToken, {
      handler: ({ body, request }) => managed.exchange(body.externalAccessToken, sessionOriginOf(request)),
    }),
  ];
}
