/**
 * The route of pieces' app-level webhooks: `ALL /v1/app-events/:pieceUrl` (public; bodies up to
 * AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB). One app's webhook serves every flow whose trigger listens to
 * that app's events (`app-events.ts`).
 */
import { ENDPOINTS } from '@piecework/shared';
import { rawRoute, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { receiveAppEvent } from './app-events';
import { incomingRequest, webhookBodyLimit } from './webhook-routes';

/** The app event route. */
export function appEventRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    rawRoute(ENDPOINTS.triggers.appEvent, {
      bodyLimitBytes: webhookBodyLimit(ctx),
      handler: ({ params, body, request }) =>
        receiveAppEvent(ctx, params.pieceUrl, incomingRequest(body, request)),
    }),
  ];
}
