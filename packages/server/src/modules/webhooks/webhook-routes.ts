/**
 * The routes of the Webhooks block: `ALL /v1/webhooks/:flowId[/sync|/draft|/draft/sync|/test]`.
 * Public; any method and content type; bodies over AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB are 413.
 */
import { ENDPOINTS } from '@piecework/shared';
import { rawRoute, type RequestMeta, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { IncomingRequest } from './webhook-payload';
import { WebhookService } from './webhook-service';

const MB = 1024 * 1024;

/** The request parts a payload is built from. */
export function incomingRequest(body: Buffer, request: RequestMeta): IncomingRequest {
  return { method: request.method, headers: request.headers, query: request.query, body };
}

/** The largest webhook or resume body, in bytes (AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB). */
export function webhookBodyLimit(ctx: Pick<ServerContext, 'settings'>): number {
  return ctx.settings.config.maxWebhookPayloadSizeMb * MB;
}

/** Every webhook route, bound to one {@link WebhookService}. */
export function webhookRoutes(ctx: ServerContext): RouteDefinition[] {
  const webhooks = new WebhookService(ctx);
  const bodyLimitBytes = webhookBodyLimit(ctx);
  const triggers = [
    [ENDPOINTS.webhooks.trigger, { draft: false, sync: false }],
    [ENDPOINTS.webhooks.triggerSync, { draft: false, sync: true }],
    [ENDPOINTS.webhooks.draft, { draft: true, sync: false }],
    [ENDPOINTS.webhooks.draftSync, { draft: true, sync: true }],
  ] as const;
  return [
    ...triggers.map(([endpoint, mode]) =>
      rawRoute(endpoint, {
        bodyLimitBytes,
        handler: ({ params, body, request }) =>
          webhooks.trigger(params.flowId, incomingRequest(body, request), mode),
      }),
    ),
    rawRoute(ENDPOINTS.webhooks.test, {
      bodyLimitBytes,
      handler: ({ params, body, request }) =>
        webhooks.test(params.flowId, incomingRequest(body, request), request.ip),
    }),
  ];
}
