import { createAction } from '../../framework/create-piece';
import { redactUrl } from '../../http/url-credentials';
import { pieceFetch } from '../common/outbound';
import { choice, optionalBoolean } from '../common/read-props';
import { prepareRequest } from './build-request';
import { FAILURE_MODES, sendRequestProps } from './http-props';
import type { FailureMode } from './http-props';
import { bodyPreview, networkErrorMessage, readResponse } from './http-response';

/** Attempts per request when the failure mode retries. */
export const MAX_ATTEMPTS = 3;

/** A failed attempt: an answer with status >= 400, or a network error (status 0). */
interface Failure {
  status: number;
  body: unknown;
  message: string;
}

type Decision = 'retry' | 'continue' | 'fail';

/** What Activepieces does after a failed attempt, by failure mode. */
function decide(mode: FailureMode, status: number, attempt: number): Decision {
  const retry = attempt < MAX_ATTEMPTS ? 'retry' : 'fail';
  switch (mode) {
    case 'retry_all':
      return retry;
    case 'retry_5xx':
      return status >= 500 ? retry : 'continue';
    case 'continue_all':
      return 'continue';
    case 'continue_4xx':
      return status >= 400 && status < 500 ? 'continue' : retry;
    case 'retry_none':
    case 'continue_none':
      return 'fail';
  }
}

/**
 * `send_request`: sends an HTTP request through the SSRF-filtered client and outputs `{status,
 * headers, body}` (JSON bodies parsed; base64 with `response_is_binary`). Answers >= 400 and
 * network errors (refused addresses included) follow `failureMode`: retry (up to 3 attempts,
 * at once), continue with `{error, response: {status, body}, request: {body}}` as the output,
 * or fail the step (`continue_none`, the default). Redirects are returned, not followed, unless
 * `followRedirects`. Credentials in the URL are sent as basic auth (by the client) and left out
 * of messages. Proxies are not supported.
 */
export const sendRequest = createAction({
  name: 'send_request',
  audience: 'human',
  errorHandlingOptions: {
    continueOnFailure: { hide: true, defaultValue: false },
    retryOnFailure: { hide: true, defaultValue: false },
  },
  displayName: 'Send HTTP request',
  description: 'Call any URL with a chosen method, optional authentication and body.',
  props: sendRequestProps,
  async run(ctx) {
    const request = prepareRequest(ctx.propsValue);
    const binary = optionalBoolean(ctx.propsValue, 'response_is_binary');
    const mode = choice(ctx.propsValue, 'failureMode', FAILURE_MODES, 'continue_none');
    const shownUrl = redactUrl(request.url);
    for (let attempt = 1; ; attempt++) {
      let failure: Failure;
      try {
        const signal = request.timeoutMs ? AbortSignal.timeout(request.timeoutMs) : undefined;
        const response = await pieceFetch(ctx, request.url, { ...request.init, signal });
        const output = await readResponse(response, binary);
        if (output.status < 400) return output;
        const message = `Request to ${shownUrl} failed with status ${output.status}: ${bodyPreview(output.body)}`;
        failure = { status: output.status, body: output.body, message };
      } catch (error) {
        failure = { status: 0, body: null, message: networkErrorMessage(shownUrl, error) };
      }
      const decision = decide(mode, failure.status, attempt);
      if (decision === 'fail') throw new Error(failure.message);
      if (decision === 'continue') {
        return {
          error: failure.message,
          response: { status: failure.status, body: failure.body },
          request: { body: request.requestBody },
        };
      }
    }
  },
});
