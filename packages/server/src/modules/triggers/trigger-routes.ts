/**
 * The routes of triggers beyond webhooks: `ALL /v1/app-events/:pieceUrl` (public, a piece's
 * app-level webhook, bodies up to AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB) and `POST /v1/test-trigger`
 * (WRITE_FLOW on the project).
 */
import { ENDPOINTS } from '@piecework/shared';
import { rawRoute, route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { incomingRequest, webhookBodyLimit } from '../webhooks/webhook-routes';
import { receiveAppEvent } from './app-events';
import { testTrigger } from './test-trigger';

/** The trigger routes. */
export function triggerRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    rawRoute(ENDPOINTS.triggers.appEvent, {
      bodyLimitBytes: webhookBodyLimit(ctx),
      handler: ({ params, body, request }) =>
        receiveAppEvent(ctx, params.pieceUrl, incomingRequest(body, request)),
    }),
    route(ENDPOINTS.triggers.test, {
      handler: ({ body, principal, project, request }) =>
        testTrigger(ctx, principal, project, body, request.ip),
    }),
  ];
}
