import { choice, optionalBoolean, optionalNumber, optionalRecord, requiredText } from '../common/read-props';
import type { PropsValue } from '../common/read-props';
import { AUTH_TYPES, BODY_TYPES, HTTP_METHODS } from './http-props';
import { formDataBody, jsonBody } from './request-body';

/** A request ready to send, and its body as the failure output reports it. */
export interface PreparedRequest {
  url: string;
  init: RequestInit;
  /** Milliseconds before the request is aborted, or undefined for no limit. */
  timeoutMs?: number;
  requestBody: unknown;
}

function urlWithQuery(props: PropsValue): string {
  const text = requiredText(props, 'url').trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Input "url" is not an absolute URL: ${text}`);
  }
  for (const [name, value] of Object.entries(optionalRecord(props, 'queryParams') ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  }
  return url.toString();
}

function headersOf(props: PropsValue): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(optionalRecord(props, 'headers') ?? {})) {
    if (value === undefined || value === null) continue;
    try {
      headers.set(name, String(value));
    } catch {
      throw new Error(`Header "${name}" is not a valid HTTP header`);
    }
  }
  const auth = choice(props, 'authType', AUTH_TYPES, 'NONE');
  const fields = optionalRecord(props, 'authFields') ?? {};
  if (auth === 'BASIC') {
    const credentials = `${requiredText(fields, 'username')}:${requiredText(fields, 'password')}`;
    headers.set('authorization', `Basic ${Buffer.from(credentials).toString('base64')}`);
  } else if (auth === 'BEARER_TOKEN') {
    headers.set('authorization', `Bearer ${requiredText(fields, 'token')}`);
  }
  return headers;
}

/** Builds the request `send_request`'s inputs describe (method, URL, query, headers, auth, body). */
export function prepareRequest(props: PropsValue): PreparedRequest {
  if (optionalBoolean(props, 'use_proxy')) {
    throw new Error('Sending requests through a proxy is not supported by Piecework: turn "Use Proxy" off');
  }
  const method = choice(props, 'method', HTTP_METHODS);
  const headers = headersOf(props);
  const bodyType = choice(props, 'body_type', BODY_TYPES, 'none');
  const data = bodyType === 'none' ? undefined : optionalRecord(props, 'body')?.data;
  let body: RequestInit['body'];
  if (data !== undefined && data !== null) {
    if (bodyType === 'form_data') {
      headers.delete('content-type');
      body = formDataBody(data);
    } else {
      body =
        bodyType === 'json'
          ? jsonBody(data, headers)
          : typeof data === 'string'
            ? data
            : JSON.stringify(data);
    }
  }
  const seconds = optionalNumber(props, 'timeout');
  if (seconds !== undefined && seconds < 0) throw new Error('Input "timeout" must not be negative');
  return {
    url: urlWithQuery(props),
    init: {
      method,
      headers,
      body,
      redirect: optionalBoolean(props, 'followRedirects') ? 'follow' : 'manual',
    },
    timeoutMs: seconds ? seconds * 1000 : undefined,
    requestBody: data,
  };
}
