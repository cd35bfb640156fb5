/**
 * `request()`: calls the Piecework API as the embedded user. The host's JWT is exchanged once for
 * a session (`POST /api/v1/managed-authn/external-token`), cached, and exchanged again once when
 * the API answers 401 (the session expired).
 */
import type { RequestFailure, RequestOptions } from './embed-options';
import { withoutTrailingSlashes } from './routes';

/** The session the JWT was exchanged for. */
export interface EmbeddingAuth {
  token: string;
  projectId: string | null;
  platformId: string;
}

/** The URL of an API call: `{instanceUrl}/api/v1/{path}` plus the query string. */
export function apiUrl(
  instanceUrl: string,
  path: string,
  queryParams?: RequestOptions['queryParams'],
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(queryParams ?? {})) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) query.append(key, String(each));
  }
  const search = query.toString();
  const cleanPath = path.replace(/^\/+/, '');
  return `${withoutTrailingSlashes(instanceUrl)}/api/v1/${cleanPath}${search === '' ? '' : `?${search}`}`;
}

/** The `fetch` options of an API call: the method, a JSON body if any, the bearer token if any. */
export function apiRequestInit(options: { method: string; body?: unknown; token?: string }): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  const init: RequestInit = { method: options.method.toUpperCase(), headers };
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  return init;
}

/** The parsed body of a response: JSON, else its text, undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Sends one call; resolves the parsed body, rejects {@link RequestFailure} on non-2xx. */
async function send(fetcher: typeof fetch, url: string, init: RequestInit): Promise<unknown> {
  const response = await fetcher(url, init);
  const body = await readBody(response);
  if (!response.ok) {
    const failure: RequestFailure = { status: response.status, body };
    throw failure;
  }
  return body;
}

/** What a requester needs. */
export interface RequesterOptions {
  instanceUrl: string;
  jwtToken: string;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** Calls the API as the embedded user; one per `configure()`. */
export interface Requester {
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /** The session, exchanging the JWT on first use. */
  auth(): Promise<EmbeddingAuth>;
}

/** A requester for `options.instanceUrl`, authenticating with `options.jwtToken`. */
export function createRequester(options: RequesterOptions): Requester {
  const fetcher: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let cached: Promise<EmbeddingAuth> | undefined;
  const exchange = async (): Promise<EmbeddingAuth> => {
    const url = apiUrl(options.instanceUrl, 'managed-authn/external-token');
    const init = apiRequestInit({ method: 'POST', body: { externalAccessToken: options.jwtToken } });
    const answer = (await send(fetcher, url, init)) as EmbeddingAuth;
    return { token: answer.token, projectId: answer.projectId, platformId: answer.platformId };
  };
  const auth = (): Promise<EmbeddingAuth> => {
    cached ??= exchange().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
  const call = async (request: RequestOptions, token: string) =>
    send(
      fetcher,
      apiUrl(options.instanceUrl, request.path, request.queryParams),
      apiRequestInit({ method: request.method, body: request.body, token }),
    );
  return {
    auth,
    async request<T>(request: RequestOptions): Promise<T> {
      const first = await auth();
      try {
        return (await call(request, first.token)) as T;
      } catch (error) {
        if ((error as Partial<RequestFailure>).status !== 401) throw error;
        if (cached && (await cached) === first) cached = undefined;
        const renewed = await auth();
        return (await call(request, renewed.token)) as T;
      }
    },
  };
}
