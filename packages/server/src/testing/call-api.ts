/**
 * Raw HTTP calls for tests that check the wire itself (status codes, headers, error bodies).
 * Tests of behaviour should prefer `@piecework/client`.
 */

/** One call's answer: status, headers and the body parsed as JSON (or `undefined` when empty). */
export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Calls `method path` under `apiUrl` with an optional bearer token, JSON body, query and headers. */
export async function callApi<T = unknown>(
  apiUrl: string,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    query?: Record<string, string>;
    rawBody?: string;
    /** More request headers. */
    headers?: Record<string, string>;
  } = {},
): Promise<ApiAnswer<T>> {
  const query = options.query === undefined ? '' : `?${new URLSearchParams(options.query).toString()}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${apiUrl}${path}${query}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text === '' ? undefined : jsonOrText(text)) as T,
  };
}

/** The answer's body parsed as JSON, or its text when it is not JSON (a CSV export). */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
