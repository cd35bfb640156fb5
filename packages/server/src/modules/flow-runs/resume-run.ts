/**
 * `ALL /v1/flow-runs/:id/requests/:requestId[/sync]`: the resume URL of a run PAUSED on a WEBHOOK
 * waitpoint. Public: the waitpoint's id is the credential. The request (`{method, headers, body,
 * queryParams}`, the body read as webhook bodies are) becomes the paused step's resume payload;
 * the waitpoint is used up, so a second call is 404. `/sync` answers as a sync webhook does. A
 * call for a run that has not paused yet waits for it a few seconds (`await-pause.ts`).
 */
import { isPieceworkError } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { HttpReply } from '../../infrastructure/http/http-reply';
import type { ServerContext } from '../../server-context';
import { maxFilePartBytes, payloadFileStore } from '../webhooks/payload-files';
import { syncAnswer, WEBHOOK_ID_HEADER } from '../webhooks/sync-answer';
import { toTriggerPayload, type IncomingRequest } from '../webhooks/webhook-payload';
import { runOncePausedOrEnded } from './await-pause';
import { hasWebhookWaitpoint } from './flow-run-repository';

/** What resuming a run uses from the server context: its store, clock, settings and run machinery. */
export type ResumeRunDependencies = Pick<ServerContext, 'store' | 'now' | 'settings' | 'runs'>;

/**
 * Resumes run `runId` from its waitpoint `requestId`. 404 when the run does not exist, is not
 * PAUSED (once a QUEUED or RUNNING one has paused, or a few seconds have passed), or does
 * not wait on that waitpoint (any more). Answers 200 `{}` + `x-webhook-id`, or with
 * `sync` the flow's next response.
 */
export async function resumeRun(
  ctx: ResumeRunDependencies,
  runId: string,
  requestId: string,
  request: IncomingRequest,
  sync: boolean,
): Promise<HttpReply> {
  const { db } = ctx.store;
  const run = await runOncePausedOrEnded(ctx, runId);
  if (run === undefined || run.status !== 'PAUSED' || !(await hasWebhookWaitpoint(db, runId, requestId))) {
    throw notFound('waitpoint', requestId);
  }
  const { method, headers, body, queryParams } = await toTriggerPayload(
    request,
    payloadFileStore(ctx, { projectId: run.projectId, flowId: run.flowId, runId }),
    maxFilePartBytes(ctx),
  );
  try {
    await ctx.runs.enqueue(runId, {
      kind: 'RESUME',
      resumePayload: { method, headers, body, queryParams },
      waitpointId: requestId,
    });
  } catch (error) {
    // Another request used the waitpoint first, or the run left PAUSED meanwhile.
    if (isPieceworkError(error, 'ENTITY_NOT_FOUND') || isPieceworkError(error, 'VALIDATION')) {
      throw notFound('waitpoint', requestId);
    }
    throw error;
  }
  if (!sync) return new HttpReply(200, {}, { [WEBHOOK_ID_HEADER]: runId });
  const timeoutMs = ctx.settings.config.webhookTimeoutSeconds * 1000;
  return syncAnswer(await ctx.runs.awaitResponse(runId, timeoutMs), runId);
}
