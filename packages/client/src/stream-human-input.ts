/**
 * Submitting a form or a chat message of a flow started by the forms piece, and reading the
 * flow's answer as it streams (`text/event-stream` of `HumanInputStreamEvent`s, parsed with
 * `eventsource-parser` and each event checked with its schema). The forms and chat pages use it;
 * so can any program that submits to those flows.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { isHTTPError } from 'ky';
import { ENDPOINTS, HumanInputStreamEvent } from '@piecework/shared';
import { apiErrorFromResponse } from './api-error';
import { resolveClientOptions, type PieceworkClientOptions } from './client-options';
import { requestUrl } from './request-url';
import { ResponseValidationError } from './response-validation-error';

/** One submission of {@link streamHumanInput}. */
export interface HumanInputSubmission {
  /** `form`: the form page's submission; `chat`: a chat message (needs `chatId` and `message`). */
  readonly kind: 'form' | 'chat';
  readonly flowId: string;
  /**
   * The fields: a `FormData` (sent as multipart, files included) or an object (sent as JSON).
   * Form fields are keyed by `formInputKey` of their display name.
   */
  readonly body: FormData | Readonly<Record<string, unknown>>;
  /** Run the flow's draft (a TESTING run) rather than its published version. Default false. */
  readonly useDraft?: boolean;
  /** Aborting it stops reading and closes the request (the run goes on). */
  readonly signal?: AbortSignal;
}

/**
 * POSTs `submission` and yields the answer's events in order (`run`, maybe `pending`, `turn`s,
 * then `answer` or `failed`). A refused submission (non-2xx: 404 not a forms flow, 400 a chat
 * message without `chatId`, 413, 429...) throws the {@link ApiError} of its `{code, params}`; an
 * event that does not match its schema throws a {@link ResponseValidationError}. No time limit
 * and no retries apply: a flow may answer after minutes.
 *
 * @example
 * ```ts
 * const body = new FormData();
 * body.set('name', 'Ada');
 * for await (const event of streamHumanInput({ baseUrl }, { kind: 'form', flowId, body })) {
 *   if (event.type === 'answer') show(event.body);
 * }
 * ```
 */
export async function* streamHumanInput(
  options: PieceworkClientOptions,
  submission: HumanInputSubmission,
): AsyncGenerator<HumanInputStreamEvent, void, undefined> {
  const resolved = resolveClientOptions(options);
  const endpoint =
    submission.kind === 'form' ? ENDPOINTS.humanInput.submitForm : ENDPOINTS.humanInput.sendChatMessage;
  const query = submission.useDraft === true ? { useDraft: 'true' } : undefined;
  const url = requestUrl(resolved.apiUrl, endpoint.path, { flowId: submission.flowId }, query);
  const headers = new Headers(resolved.headers);
  headers.set('accept', 'text/event-stream');
  if (resolved.token !== undefined) headers.set('authorization', `Bearer ${resolved.token}`);
  const { body } = submission;
  let response: Response;
  try {
    response = await resolved.http(url, {
      method: 'POST',
      headers,
      timeout: false,
      retry: 0,
      ...(submission.signal === undefined ? {} : { signal: submission.signal }),
      ...(body instanceof FormData ? { body } : { json: body }),
    });
  } catch (error) {
    if (isHTTPError(error)) throw await apiErrorFromResponse(error.response, { method: 'POST', url }, error);
    throw error;
  }
  const invalid = (problem: string, cause: unknown) =>
    new ResponseValidationError({
      operationId: endpoint.operationId,
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? undefined,
      method: 'POST',
      url,
      problem,
      cause,
    });
  const ready: HumanInputStreamEvent[] = [];
  let failure: ResponseValidationError | undefined;
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      try {
        const parsed = HumanInputStreamEvent.safeParse(JSON.parse(message.data));
        if (parsed.success) ready.push(parsed.data);
        else failure ??= invalid(`an event does not match its schema: ${parsed.error.message}`, parsed.error);
      } catch (error) {
        failure ??= invalid('an event is not JSON', error);
      }
    },
  });
  if (response.body === null) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      if (failure !== undefined) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
