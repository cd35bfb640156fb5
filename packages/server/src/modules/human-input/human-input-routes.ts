/**
 * The routes of the forms and chat pages (`/v1/human-input/...`, public): what a page is built
 * from (`human-input-pages.ts`) and its submissions, rate-limited per IP before anything is read
 * or started (AP_HUMAN_INPUT_RATE_LIMIT_*) and answered as event streams (`page-submissions.ts`).
 * Submission bodies are taken raw (multipart or JSON), within the webhook's size limit.
 */
import { ENDPOINTS } from '@piecework/shared';
import { rawRoute, route, type RequestMeta, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { HumanInputKind } from '../webhooks/forms-trigger';
import { incomingRequest, webhookBodyLimit } from '../webhooks/webhook-routes';
import { WebhookService } from '../webhooks/webhook-service';
import { getChat, getForm } from './human-input-pages';
import { submitToPage, type SubmissionDependencies } from './page-submissions';

/** Every human-input route. */
export function humanInputRoutes(ctx: ServerContext): RouteDefinition[] {
  const deps: SubmissionDependencies = { ...pick(ctx), webhooks: new WebhookService(ctx) };
  const bodyLimitBytes = webhookBodyLimit(ctx);
  const submit =
    (kind: HumanInputKind) =>
    async ({
      params,
      query,
      body,
      request,
    }: {
      params: { flowId: string };
      query: { useDraft?: boolean | undefined };
      body: Buffer;
      request: RequestMeta;
    }) => {
      await request.limitPublicSubmission?.();
      return submitToPage(deps, {
        kind,
        flowId: params.flowId,
        useDraft: query.useDraft ?? false,
        request: incomingRequest(body, request),
        closed: request.closedSignal?.(),
      });
    };
  return [
    route(ENDPOINTS.humanInput.getForm, {
      handler: ({ params, query }) => getForm(ctx, params.flowId, query.useDraft ?? false),
    }),
    route(ENDPOINTS.humanInput.getChat, {
      handler: ({ params, query }) => getChat(ctx, params.flowId, query.useDraft ?? false),
    }),
    rawRoute(ENDPOINTS.humanInput.submitForm, { bodyLimitBytes, handler: submit('form') }),
    rawRoute(ENDPOINTS.humanInput.sendChatMessage, { bodyLimitBytes, handler: submit('chat') }),
  ];
}

function pick({ store, settings, runs, logger }: ServerContext): Omit<SubmissionDependencies, 'webhooks'> {
  return { store, settings, runs, logger };
}
