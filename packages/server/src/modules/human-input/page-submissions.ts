/**
 * The forms and chat pages' submissions (`POST /v1/human-input/form/:flowId/submissions`,
 * `POST /v1/human-input/chat/:flowId/messages`): started exactly as the flow's webhook
 * (`/v1/webhooks/:flowId/sync`, or `/draft/sync` with `useDraft`: a TESTING run of the draft)
 * through `WebhookService.start`, so the payload, stored files, limits and credits are the
 * webhook's; then answered as an event stream (`event-stream.ts`): `run`, then what
 * `run-answer-events.ts` sends. A form whose trigger does not wait for a response (the form
 * trigger's `waitForResponse` off, as Activepieces' page then calls the asynchronous webhook)
 * is answered `answer` {200, null} once its run is queued.
 *
 * Refusals come before the stream, as JSON errors: 404 when the flow's trigger is not the forms
 * piece's trigger of that page, 400 VALIDATION for a chat message without `chatId` or `message`
 * (checked before anything is stored or started), and the webhook's own refusals.
 */
import { FORM_TRIGGER_NAME } from '@piecework/shared';
import { invalidRequest } from '../../infrastructure/errors';
import type { HttpReply } from '../../infrastructure/http/http-reply';
import { readJsonText } from '../../infrastructure/http/json-body';
import type { ServerContext } from '../../server-context';
import { humanInputKindOf, type HumanInputKind } from '../webhooks/forms-trigger';
import { readMultipartBody } from '../webhooks/multipart-body';
import { WEBHOOK_ID_HEADER } from '../webhooks/sync-answer';
import { bodyKindOf, mediaTypeOf, type IncomingRequest } from '../webhooks/webhook-payload';
import { quotaExceeded, type WebhookService } from '../webhooks/webhook-service';
import { eventStreamReply, failedEvent } from './event-stream';
import { pageNotFound } from './human-input-pages';
import { findWaitForResponse } from './human-input-repository';
import { answerEvent, sendRunAnswerEvents, type RunFollowDependencies } from './run-answer-events';

/** What the submissions use: the webhook service and the run machinery. */
export interface SubmissionDependencies extends RunFollowDependencies, Pick<ServerContext, 'logger'> {
  readonly webhooks: WebhookService;
}

/** One submission of a page. */
export interface PageSubmission {
  readonly kind: HumanInputKind;
  readonly flowId: string;
  readonly useDraft: boolean;
  readonly request: IncomingRequest;
  /** Aborted when the client goes away: the stream stops (the run goes on). */
  readonly closed?: AbortSignal | undefined;
}

/** Starts the run of a page's submission and answers its event stream (see the module comment). */
export async function submitToPage(
  deps: SubmissionDependencies,
  submission: PageSubmission,
): Promise<HttpReply> {
  const { kind, flowId, useDraft, request } = submission;
  if (kind === 'chat') await assertChatMessage(request);
  let waitForResponse = true;
  const start = await deps.webhooks.start(
    flowId,
    request,
    { draft: useDraft, sync: true },
    {
      checkTrigger: async (piece, target) => {
        if (humanInputKindOf(piece) !== kind) throw pageNotFound(flowId, kind);
        if (piece?.triggerName === FORM_TRIGGER_NAME) {
          waitForResponse = readsTrue(await findWaitForResponse(deps.store.db, target.version.id));
        }
      },
    },
  );
  const onBug = (error: unknown) => deps.logger.error({ err: error, flowId }, 'a page submission failed');
  if (start.kind === 'REPLY') {
    const { reply } = start;
    return eventStreamReply(async (send) => send(answerEvent(reply)), { onBug });
  }
  const { run, queued } = start;
  return eventStreamReply(
    async (send, signal) => {
      send({ type: 'run', flowRunId: run.id });
      if (!queued) return send(failedEvent(quotaExceeded(run.id)));
      if (!waitForResponse) return send({ type: 'answer', status: 200, body: null });
      await sendRunAnswerEvents(deps, run.id, send, signal);
    },
    { closed: submission.closed, headers: { [WEBHOOK_ID_HEADER]: run.id }, onBug },
  );
}

/** A JSON boolean as a JSON-text read answers it (SQLite: 1/0, PostgreSQL: 'true'/'false'). */
function readsTrue(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * 400 VALIDATION unless the chat message's body (JSON or multipart, as the chat page sends it)
 * has a non-empty `chatId` and `message`. Reads the fields only: no file is stored.
 */
async function assertChatMessage(request: IncomingRequest): Promise<void> {
  const fields = await bodyFields(request);
  const missing = ['chatId', 'message'].filter((name) => {
    const value = fields?.[name];
    return typeof value !== 'string' || value.trim() === '';
  });
  if (missing.length === 0) return;
  throw invalidRequest(`A chat message needs ${missing.join(' and ')}`, { missing });
}

/** The fields of a JSON or multipart body (files left unread), or undefined for another body. */
async function bodyFields(request: IncomingRequest): Promise<Record<string, unknown> | undefined> {
  const contentType = request.headers['content-type'];
  switch (bodyKindOf(mediaTypeOf(contentType))) {
    case 'JSON': {
      const reading = readJsonText(request.body.toString('utf8'));
      return reading.ok && typeof reading.value === 'object' && reading.value !== null
        ? (reading.value as Record<string, unknown>)
        : undefined;
    }
    case 'MULTIPART': {
      const read = await readMultipartBody(request.body, String(contentType), () =>
        Promise.resolve(''),
      ).catch(() => undefined);
      return read?.fields;
    }
    default:
      return undefined;
  }
}
