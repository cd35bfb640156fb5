/** `GET /v1/authn/federated/login` and `POST /v1/authn/federated/claim` (public). */
import { ENDPOINTS } from '@piecework/shared';
import { requestPlatformId } from '../access/request-platform';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { sessionOriginOf } from '../sessions/session-origin';
import {
  FederatedAuthnService,
  type FederatedAuthnDependencies,
  type FederatedAuthnOptions,
} from './federated-authn-service';

/**
 * What the federated sign-in routes use from the server context: the service's dependencies and
 * what finding the platform a public request is for needs.
 */
export type FederatedAuthnRouteDependencies = FederatedAuthnDependencies &
  Parameters<typeof requestPlatformId>[0];

function authorizationOf(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): string | undefined {
  const value = headers['authorization'];
  return Array.isArray(value) ? value[0] : value;
}

/** The federated sign-in routes; the platform is the caller's, else the server's first. */
export function federatedAuthnRoutes(
  ctx: FederatedAuthnRouteDependencies,
  options: FederatedAuthnOptions = {},
): RouteDefinition[] {
  const federated = new FederatedAuthnService(ctx, options);
  return [
    route(ENDPOINTS.federatedAuthn.login, {
      handler: async ({ query, request }) =>
        federated.login(await requestPlatformId(ctx, authorizationOf(request.headers)), query.providerName),
    }),
    route(ENDPOINTS.federatedAuthn.claim, {
      handler: async ({ body, request }) =>
        federated.claim(
          await requestPlatformId(ctx, authorizationOf(request.headers)),
          body,
          sessionOriginOf(request),
        ),
    }),
  ];
}
