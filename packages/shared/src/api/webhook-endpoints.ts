/** The webhook routes that start flows from requests, `ENDPOINTS.webhooks`. */
import { z } from 'zod';
import { Id } from '../common/id';
import { PUBLIC_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/** `ALL /v1/webhooks/:flowId[/sync|/draft|/draft/sync|/test]`: public, any method and body. */
export const WEBHOOK_ENDPOINTS = {
  trigger: endpoint({
    method: 'ALL',
    path: '/v1/webhooks/:flowId',
    operationId: 'webhooks.trigger',
    summary:
      "Start a run of the flow's published version; answers 200 {} with x-webhook-id once it is queued",
    access: PUBLIC_ACCESS,
    params: z.object({ flowId: Id }),
    body: z.unknown(),
    status: 200,
  }),
  triggerSync: endpoint({
    method: 'ALL',
    path: '/v1/webhooks/:flowId/sync',
    operationId: 'webhooks.triggerSync',
    summary:
      "Start a run and answer with the flow's response (204 after AP_WEBHOOK_TIMEOUT_SECONDS, 402 without credits)",
    access: PUBLIC_ACCESS,
    params: z.object({ flowId: Id }),
    body: z.unknown(),
    status: 200,
  }),
  draft: endpoint({
    method: 'ALL',
    path: '/v1/webhooks/:flowId/draft',
    operationId: 'webhooks.draft',
    summary: "Start a TESTING run of the flow's draft",
    access: PUBLIC_ACCESS,
    params: z.object({ flowId: Id }),
    body: z.unknown(),
    status: 200,
  }),
  draftSync: endpoint({
    method: 'ALL',
    path: '/v1/webhooks/:flowId/draft/sync',
    operationId: 'webhooks.draftSync',
    summary: "Start a TESTING run of the draft and answer with the flow's response",
    access: PUBLIC_ACCESS,
    params: z.object({ flowId: Id }),
    body: z.unknown(),
    status: 200,
  }),
  test: endpoint({
    method: 'ALL',
    path: '/v1/webhooks/:flowId/test',
    operationId: 'webhooks.test',
    summary: "Store the request as the trigger's sample data; runs nothing",
    access: PUBLIC_ACCESS,
    params: z.object({ flowId: Id }),
    body: z.unknown(),
    status: 200,
  }),
};
