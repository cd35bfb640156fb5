import type { Dispatcher } from 'undici';
import { assertHttpUrl, redirectRequest, REDIRECT_STATUSES, type HopRequest } from './redirect-request';
import { createSafeDispatcher } from './safe-dispatcher';
import { takeUrlCredentials } from './url-credentials';

/** `fetch`'s init, plus how many redirects to follow. */
export type SafeFetchInit = RequestInit & {
  /** Redirects followed before failing with a TypeError. Default: 10. */
  maxRedirects?: number;
};

/** Options of {@link safeFetch}. */
export interface SafeFetchOptions {
  /** AP_SSRF_ALLOW_LIST entries (IPs, CIDRs) the SSRF filter lets through. Invalid entries throw. */
  allowList: readonly string[];
}

/**
 * THE outbound HTTP client of pieces: the global `fetch` (Node's undici) through {@link createSafeDispatcher}, so a
 * loopback, private, link-local or metadata address is refused before connecting (the promise
 * rejects with a TypeError whose `cause` is an {@link SsrfBlockedError}). Redirects are followed
 * here, not by undici, so EVERY hop is checked: 301/302/303/307/308 with a `Location`, up to
 * `maxRedirects` (default 10); 303, and 301/302 after a POST, become a GET without body; and
 * credentials are dropped when the origin changes. `redirect: 'manual'` returns the redirect and
 * `redirect: 'error'` rejects on one. Only http: and https: URLs are fetched (TypeError).
 * Credentials in the URL (`https://user:pass@host/`) are sent as basic auth, as Activepieces
 * does, unless the caller gives its own `Authorization` header (which wins); like any
 * `Authorization`, they are not sent on to another origin, and a redirect `Location`'s own
 * credentials are dropped. Messages name URLs without their password.
 * A caller's `dispatcher` is ignored. One dispatcher is kept per distinct allow list.
 *
 * @example const response = await safeFetch('https://api.example.com/v1', { method: 'GET' }, { allowList: [] });
 */
export async function safeFetch(
  url: string | URL,
  init: SafeFetchInit = {},
  options: SafeFetchOptions,
): Promise<Response> {
  const { maxRedirects = 10, redirect = 'follow', ...rest } = init;
  const dispatcher = dispatcherFor(options.allowList);
  const { url: bareUrl, authorization } = takeUrlCredentials(new URL(url));
  const headers = new Headers(rest.headers);
  if (authorization !== undefined && !headers.has('authorization'))
    headers.set('authorization', authorization);
  let request: HopRequest = {
    url: bareUrl,
    method: rest.method ?? 'GET',
    headers,
    body: rest.body,
  };
  assertHttpUrl(request.url);
  for (let redirects = 0; ; redirects++) {
    const { url: hopUrl, ...hop } = request;
    const response = await fetch(hopUrl, {
      ...rest,
      ...hop,
      redirect: 'manual',
      dispatcher: dispatcher as unknown as RequestInit['dispatcher'],
    });
    const location = response.headers.get('location');
    if (redirect === 'manual' || !REDIRECT_STATUSES.has(response.status) || location === null)
      return response;
    await response.body?.cancel().catch(() => undefined);
    const target = takeUrlCredentials(new URL(location, hopUrl)).url;
    if (redirect === 'error') {
      throw new TypeError(`Redirect from ${hopUrl.href} to ${target.href} refused (redirect: 'error')`);
    }
    if (redirects >= maxRedirects) {
      throw new TypeError(`Too many redirects: more than ${maxRedirects}, the last from ${hopUrl.href}`);
    }
    request = redirectRequest(request, response.status, target);
  }
}

const dispatchers = new Map<string, Dispatcher>();

/** One dispatcher (and its connection pool) per distinct allow list, for the process lifetime. */
function dispatcherFor(allowList: readonly string[]): Dispatcher {
  const key = allowList.join('\n');
  let dispatcher = dispatchers.get(key);
  if (dispatcher === undefined) {
    dispatcher = createSafeDispatcher({ allowList });
    dispatchers.set(key, dispatcher);
  }
  return dispatcher;
}
