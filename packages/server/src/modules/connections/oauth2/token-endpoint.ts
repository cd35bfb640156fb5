/**
 * Talking to a provider's OAuth2 token endpoint (RFC 6749 §4.1.3, §4.4, §6): one form POST
 * through the SSRF-filtered client, the client authenticated in the body or by basic auth. The
 * answer is the provider's JSON (or form-encoded) token response; a refusal or a network failure
 * is a {@link TokenEndpointError} whose message names the endpoint and the provider's error code,
 * never a secret.
 */
import { safeFetch } from '@piecework/pieces';
import type { OAuth2AuthorizationMethod } from '@piecework/shared';

/** How long one token request may take before it is abandoned, in ms (Activepieces' 20 s). */
export const TOKEN_REQUEST_TIMEOUT_MS = 20_000;

/** One request to a token endpoint. */
export interface TokenRequest {
  tokenUrl: string;
  /** The grant's form fields (`grant_type`, `code`, `refresh_token`, ...), without client credentials. */
  fields: Record<string, string>;
  clientId: string;
  clientSecret: string | undefined;
  /** `BODY` (default): credentials as form fields; `HEADER`: as HTTP basic auth. */
  authorizationMethod: OAuth2AuthorizationMethod | undefined;
  /** AP_SSRF_ALLOW_LIST of the server. */
  allowList: readonly string[];
}

/** A token endpoint that refused, answered something unreadable, or could not be reached. */
export class TokenEndpointError extends Error {
  constructor(
    message: string,
    /** The provider's `error` code (e.g. `invalid_grant`), when it sent one. */
    readonly providerError: string | undefined,
    /** The HTTP status, when there was an answer. */
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'TokenEndpointError';
  }
}

/** Posts `request` to its token endpoint and answers the token response (with an `access_token`). */
export async function requestTokens(request: TokenRequest): Promise<Record<string, unknown>> {
  const form = new URLSearchParams(request.fields);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (request.authorizationMethod === 'HEADER') {
    const pair = `${request.clientId}:${request.clientSecret ?? ''}`;
    headers['authorization'] = `Basic ${Buffer.from(pair).toString('base64')}`;
  } else {
    form.set('client_id', request.clientId);
    if (request.clientSecret !== undefined) form.set('client_secret', request.clientSecret);
  }
  const where = endpointName(request.tokenUrl);
  let response: Response;
  try {
    response = await safeFetch(
      request.tokenUrl,
      { method: 'POST', headers, body: form, signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS) },
      { allowList: request.allowList },
    );
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw new TokenEndpointError(
      `the token endpoint ${where} could not be reached (${reason})`,
      undefined,
      undefined,
    );
  }
  const body = parseBody(await response.text(), response.headers.get('content-type'));
  if (!response.ok || typeof body['access_token'] !== 'string' || 'error' in body) {
    const providerError = typeof body['error'] === 'string' ? body['error'] : undefined;
    const description =
      typeof body['error_description'] === 'string' ? `: ${body['error_description'].slice(0, 200)}` : '';
    const what = providerError === undefined ? 'no access token' : `${providerError}${description}`;
    throw new TokenEndpointError(
      `the token endpoint ${where} answered ${response.status} (${what})`,
      providerError,
      response.status,
    );
  }
  return body;
}

/** The token response as an object: JSON, or a form-encoded body (some providers still send one). */
function parseBody(text: string, contentType: string | null): Record<string, unknown> {
  if (contentType?.includes('application/x-www-form-urlencoded') === true) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** The endpoint as messages name it: origin and path, never a query or credentials. */
function endpointName(tokenUrl: string): string {
  try {
    const url = new URL(tokenUrl);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}
