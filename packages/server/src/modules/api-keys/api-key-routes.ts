/**
 * Platform API keys (`/v1/api-keys`), for platform admins: create, list and delete. The behaviour
 * is in `api-key-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { auditActorOf } from '../audit-events/record-audit-event';
import { createApiKey, deleteApiKey, listApiKeys, type ApiKeyDependencies } from './api-key-service';

/** Create, list and delete API keys. */
export function apiKeyRoutes(deps: ApiKeyDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.apiKeys.create, {
      handler: async ({ principal, body, request }) =>
        createApiKey(deps, auditActorOf(principal, request.ip), body.displayName),
    }),
    route(ENDPOINTS.apiKeys.list, {
      handler: async ({ principal, query }) => listApiKeys(deps, principal.platformId, query),
    }),
    route(ENDPOINTS.apiKeys.delete, {
      logEntity: 'apiKey',
      handler: async ({ principal, params, request }) => {
        await deleteApiKey(deps, auditActorOf(principal, request.ip), params.id);
        return undefined;
      },
    }),
  ];
}
