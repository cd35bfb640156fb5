/**
 * The parameters of an OAuth request, read the way RFC 6749 §3.1 says: from an
 * `application/x-www-form-urlencoded` body (or a JSON object of strings, which /token and /revoke
 * accept too) or from the query string of /authorize; a parameter without a value is as if it
 * were omitted, and a parameter sent twice is `invalid_request`. Use {@link formParams} on a body
 * the plugin's parser read and {@link queryParams} on a request URL.
 */
import { invalidOAuthRequest } from './oauth-error';

/** A form body as the plugin's content-type parser hands it over (`mcp-oauth-root-routes.ts`). */
export class FormBody {
  constructor(readonly text: string) {}
}

/** One parameter per name, empty ones left out. */
export type OAuthParams = ReadonlyMap<string, string>;

/** The parameters of a form body (a {@link FormBody}), a JSON object of strings, or no body. */
export function formParams(body: unknown): OAuthParams {
  if (body === undefined || body === null) return new Map();
  if (body instanceof FormBody) return fromSearchParams(new URLSearchParams(body.text));
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw invalidOAuthRequest('The body must be form-encoded parameters or a JSON object');
  }
  const params = new Map<string, string>();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw invalidOAuthRequest(`The parameter ${name} must be a string`);
    params.set(name, value);
  }
  return params;
}

/** The parameters of the query string of `url` (the request's raw URL). */
export function queryParams(url: string): OAuthParams {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return fromSearchParams(new URLSearchParams(query));
}

function fromSearchParams(search: URLSearchParams): OAuthParams {
  const params = new Map<string, string>();
  for (const [name, value] of search) {
    if (value === '') continue;
    if (params.has(name)) throw invalidOAuthRequest(`The parameter ${name} was sent more than once`);
    params.set(name, value);
  }
  return params;
}
