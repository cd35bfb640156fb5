import { isHTTPError } from 'ky';
import type { Endpoint, EndpointInput, HttpMethod } from '@piecework/shared';
import { apiErrorFromResponse } from './api-error';
import type { ResolvedClientOptions } from './client-options';
import { readAnswer, type EndpointResult } from './read-answer';
import { requestUrl } from './request-url';

/**
 * The parts of a call to endpoint `E`, typed by its schemas' input types: `params` and `body`
 * when it declares them, `query` when it declares one (optional when every query field is).
 */
export type CallInput<E extends Endpoint> = (E['params'] extends undefined
  ? { params?: undefined }
  : { params: EndpointInput<E['params']> }) &
  (E['query'] extends undefined
    ? { query?: undefined }
    : object extends EndpointInput<E['query']>
      ? { query?: EndpointInput<E['query']> }
      : { query: EndpointInput<E['query']> }) &
  (E['body'] extends undefined ? { body?: undefined } : { body: EndpointInput<E['body']> });

/** The arguments after the endpoint: the {@link CallInput}, optional when nothing in it is required. */
export type CallInputArgs<E extends Endpoint> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

interface RawCallInput {
  readonly params?: unknown;
  readonly query?: unknown;
  readonly body?: unknown;
}

/**
 * Calls `endpoint` through its declaration: the URL from its path, params and query, its method,
 * the body as JSON, the bearer token and the client's extra headers; then reads the answer (`readAnswer`).
 * Non-2xx answers throw {@link ApiError}; network failures and timeouts propagate as thrown by
 * fetch and ky (`TypeError`, ky's `TimeoutError`).
 */
export async function callEndpoint<E extends Endpoint>(
  options: ResolvedClientOptions,
  endpoint: E,
  input: CallInput<E> | undefined,
): Promise<EndpointResult<E>> {
  const raw: RawCallInput = input ?? {};
  const method = wireMethod(endpoint.method);
  const url = requestUrl(options.apiUrl, endpoint.path, raw.params, raw.query);
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  if (options.token !== undefined) {
    headers.set('authorization', `Bearer ${options.token}`);
  }
  let response: Response;
  try {
    response = await options.http(url, {
      method,
      headers,
      ...(endpoint.body === undefined || raw.body === undefined ? {} : { json: raw.body }),
    });
  } catch (error) {
    if (isHTTPError(error)) {
      throw await apiErrorFromResponse(error.response, { method, url }, error);
    }
    throw error;
  }
  return readAnswer(endpoint, response, { method, url, validate: options.validateResponses });
}

/** Endpoints that answer every method (webhooks) are called with POST. */
function wireMethod(method: HttpMethod): Exclude<HttpMethod, 'ALL'> {
  return method === 'ALL' ? 'POST' : method;
}
