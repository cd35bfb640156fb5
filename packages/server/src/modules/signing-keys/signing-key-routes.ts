/**
 * Signing keys (`/v1/signing-keys`), for platform admins: create (an RSA-4096 pair; the private
 * key is answered this once, only the public key is stored), list, get and delete. Create records
 * signing.key.created (the key as listed) in the same transaction. Another platform's key is 404.
 * A deleted key verifies no token from then on.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  createSigningKey,
  deleteSigningKey,
  getSigningKey,
  listSigningKeys,
  type SigningKeyDependencies,
} from './signing-key-service';

/** Create, list, get and delete signing keys. */
export function signingKeyRoutes(deps: SigningKeyDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.signingKeys.create, {
      handler: ({ principal, body, request }) =>
        createSigningKey(deps, principal, request.ip, body.displayName),
    }),
    route(ENDPOINTS.signingKeys.list, {
      handler: ({ principal, query }) => listSigningKeys(deps, principal.platformId, query),
    }),
    route(ENDPOINTS.signingKeys.get, {
      handler: ({ principal, params }) => getSigningKey(deps, principal.platformId, params.id),
    }),
    route(ENDPOINTS.signingKeys.delete, {
      handler: async ({ principal, params }) => {
        await deleteSigningKey(deps, principal.platformId, params.id);
        return undefined;
      },
    }),
  ];
}
