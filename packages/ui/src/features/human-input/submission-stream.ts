/**
 * Sending a form submission or a chat message and reading its answer stream, through the client's
 * `streamHumanInput` (a multipart POST answered as a `text/event-stream` of
 * `HumanInputStreamEvent`s) against this page's own server. A refusal before the stream starts
 * (a non-2xx answer, e.g. 413 or 429) throws the client's `ApiError` with the server's
 * `{code, params}`.
 */
import { streamHumanInput } from '@piecework/client';
import type { HumanInputStreamEvent } from '@piecework/shared';
import { apiBaseUrl } from '../../api/session-context';

/** Which page sends: a form's submission or a chat's message. */
export type SubmissionKind = 'form' | 'chat';

/** One submission to send. */
export interface SubmissionRequest {
  readonly kind: SubmissionKind;
  readonly flowId: string;
  /** Sends to the flow's draft (`?useDraft=true`). */
  readonly useDraft: boolean;
  readonly body: FormData;
  readonly signal: AbortSignal;
}

/**
 * Posts `request.body` and yields the answer's events in order, until the stream ends. The pages
 * are public: no session token is sent, whoever is signed in on this browser.
 */
export function streamSubmission(request: SubmissionRequest): AsyncGenerator<HumanInputStreamEvent> {
  const { kind, flowId, useDraft, body, signal } = request;
  return streamHumanInput({ baseUrl: apiBaseUrl() }, { kind, flowId, useDraft, body, signal });
}
