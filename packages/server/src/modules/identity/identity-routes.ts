/** The public authentication routes: sign-up and sign-in. */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../http/route';
import type { ServerContext } from '../../server-context';
import { IdentityService } from './identity-service';

/** `POST /v1/authentication/sign-up` and `/sign-in`. */
export function identityRoutes(ctx: ServerContext): RouteDefinition[] {
  const identity = new IdentityService(ctx);
  return [
    route(ENDPOINTS.authentication.signUp, {
      handler: ({ body, request }) => identity.signUp(body, request.ip),
    }),
    route(ENDPOINTS.authentication.signIn, {
      handler: ({ body, request }) => identity.signIn(body, request.ip),
    }),
  ];
}
