import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../../context/builtin-env';
import { responseFieldsProp, responseFromProps, responseTypeProp } from './response-props';

/** The response header that carries the URL of the next webhook call. */
export const RESUME_WEBHOOK_HEADER = 'x-activepieces-resume-webhook-url';

/**
 * `return_response_and_wait_for_next_webhook`: answers the caller with the response plus the
 * next webhook URL (header `x-activepieces-resume-webhook-url`, a `/sync` resume URL) and pauses
 * the run until that URL is called; on resume returns that request's `{body, headers,
 * queryParams}`. The response must contain the resume URL before the pause is declared, so this
 * uses the legacy `generateResumeUrl` + `run.pause` pair (one request id), as Activepieces does.
 */
export const returnResponseAndWaitForNextWebhook = createAction({
  name: 'return_response_and_wait_for_next_webhook',
  displayName: 'Respond and Wait for Next Webhook',
  description: 'return a response and wait for the next webhook to resume the flow',
  props: {
    markdown: Property.MarkDown({
      value: `**Respond and Wait for Next Webhook**<br>
Check the response header (${RESUME_WEBHOOK_HEADER}) for the next webhook URL and call it to resume the flow.`,
    }),
    responseType: responseTypeProp,
    fields: responseFieldsProp,
  },
  async run(ctx) {
    if (ctx.executionType === 'RESUME') {
      const { body, headers, queryParams } = ctx.resumePayload;
      return { body, headers, queryParams };
    }
    const response = responseFromProps(ctx.propsValue);
    const nextWebhookUrl = ctx.generateResumeUrl({
      queryParams: { created: new Date(builtinEnv(ctx).now()).toISOString(), runId: ctx.run.id },
      sync: true,
    });
    response.headers = { ...response.headers, [RESUME_WEBHOOK_HEADER]: nextWebhookUrl };
    ctx.run.pause({ pauseMetadata: { type: 'WEBHOOK', response } });
    return { nextWebhookUrl };
  },
});
