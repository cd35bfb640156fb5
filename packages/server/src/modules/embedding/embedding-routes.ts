/**
 * The platform's allowed embed origins (`/v1/embed-subdomain/allowed-embed-origins`), for
 * platform admins: read, add and remove. The behaviour is in `embedding-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  addAllowedEmbedOrigins,
  listAllowedEmbedOrigins,
  removeAllowedEmbedOrigins,
  type EmbeddingDependencies,
} from './embedding-service';

/** Read, add and remove the platform's allowed embed origins. */
export function embeddingRoutes(deps: EmbeddingDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.embedding.listAllowedOrigins, {
      handler: async ({ principal }) => listAllowedEmbedOrigins(deps, principal.platformId),
    }),
    route(ENDPOINTS.embedding.addAllowedOrigins, {
      handler: ({ principal, body }) =>
        addAllowedEmbedOrigins(deps, principal.platformId, body.allowedEmbedOrigins),
    }),
    route(ENDPOINTS.embedding.removeAllowedOrigins, {
      handler: ({ principal, body }) =>
        removeAllowedEmbedOrigins(deps, principal.platformId, body.allowedEmbedOrigins),
    }),
  ];
}
