/**
 * The routes of the Webhooks block: `ALL /v1/webhooks/:flowId[/sync|/draft|/draft/sync|/test]`.
 * Public; any method and content type; bodies over AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB are 413. Flows
 * started by the forms piece are rate-limited per IP (AP_HUMAN_INPUT_RATE_LIMIT_*), as their pages are.
 */
import { ENDPOINTS } from '@piecework/shared';
import { rawRoute, type RequestMeta, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { IncomingRequest } from './webhook-payload';
import { humanInputKindOf } from './forms-trigger';
import { WebhookService, type WebhookStartOptions } from './webhook-service';

const MB = 1024 * 1024;

/** The request parts a payload is built from. */
export function incomingRequest(body: Buffer, request: RequestMeta): IncomingRequest {
  return { method: request.method, headers: request.headers, query: request.query, body };
}

/** The largest webhook or resume body, in bytes (AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB). */
export function webhookBodyLimit(ctx: Pick<ServerContext, 'settings'>): number {
  return ctx.settings.config.maxWebhookPayloadSizeMb * MB;
}

/**
 * The options that rate-limit the request (AP_HUMAN_INPUT_RATE_LIMIT_*, per IP) when the flow is
 * a forms-piece flow; other flows only pay the trigger name check.
 */
function formsFlowLimit(request: RequestMeta): WebhookStartOptions {
  const limit = request.limitPublicSubmission;
  if (limit === undefined) return {};
  return {
    checkTrigger: (piece) => (humanInputKindOf(piece) === null ? Promise.resolve() : limit()),
  };
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
          webhooks.trigger(params.flowId, incomingRequest(body, request), mode, formsFlowLimit(request)),
      }),
    ),
    rawRoute(ENDPOINTS.webhooks.test, {
      bodyLimitBytes,
      handler: ({ params, body, request }) =>
        webhooks.test(params.flowId, incomingRequest(body, request), request.ip),
    }),
  ];
}
