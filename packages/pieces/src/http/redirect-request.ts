/** A request body, as `fetch` takes it. */
type BodyInit = RequestInit['body'];

/** One request of a redirect chain, as {@link safeFetch} sends it. */
export interface HopRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

/** The statuses that are redirects to follow (when a `Location` comes with them). */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Headers describing a body, dropped with it (Fetch's "request-body-header names"). */
const BODY_HEADERS = [
  'content-encoding',
  'content-language',
  'content-location',
  'content-type',
  'content-length',
];

/** Credentials not sent to another origin than the one they were given for. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * The request that follows a redirect, as browsers (the Fetch standard) make it: 303, and 301/302
 * after a POST, become a GET without body; 307/308 keep method and body (a streamed body cannot
 * be sent twice: TypeError); credentials are dropped when the origin changes. Only http: and
 * https: locations are followed (TypeError otherwise). Returns a new request.
 */
export function redirectRequest(previous: HopRequest, status: number, location: URL): HopRequest {
  assertHttpUrl(location);
  const headers = new Headers(previous.headers);
  if (location.origin !== previous.url.origin) CREDENTIAL_HEADERS.forEach((name) => headers.delete(name));
  const method = previous.method.toUpperCase();
  const toGet =
    (status === 303 && method !== 'GET' && method !== 'HEAD') ||
    ([301, 302].includes(status) && method === 'POST');
  if (toGet) {
    BODY_HEADERS.forEach((name) => headers.delete(name));
    return { url: location, method: 'GET', headers, body: undefined };
  }
  if (!isReplayable(previous.body)) {
    throw new TypeError(
      `Cannot follow a ${status} redirect to ${location.href}: a streamed request body cannot be sent again`,
    );
  }
  return { url: location, method: previous.method, headers, body: previous.body };
}

/** Throws a TypeError unless the URL is http: or https:. */
export function assertHttpUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Only http: and https: URLs may be fetched, not ${url.protocol} (${url.href})`);
  }
}

/** Values of these types can be sent twice; streams and iterators cannot. */
const REPLAYABLE_TAGS = new Set([
  'ArrayBuffer',
  'SharedArrayBuffer',
  'Blob',
  'File',
  'FormData',
  'URLSearchParams',
]);

function isReplayable(body: BodyInit | null | undefined): boolean {
  if (body === null || body === undefined || typeof body !== 'object' || ArrayBuffer.isView(body))
    return true;
  const tag = Object.prototype.toString.call(body).slice('[object '.length, -1);
  if (REPLAYABLE_TAGS.has(tag)) return true;
  return !(body instanceof ReadableStream) && !(Symbol.asyncIterator in body) && !(Symbol.iterator in body);
}
