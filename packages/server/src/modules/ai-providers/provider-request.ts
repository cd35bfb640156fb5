/**
 * One request to a model provider through the SSRF-filtered client: answers the parsed JSON of a
 * 2xx answer with its status. A provider's error is a {@link ProviderError} with the provider's
 * own message; an address the filter blocks is a PieceworkError SSRF_BLOCKED; an abort of the
 * caller's signal is rethrown as it is.
 */
import { PieceworkError } from '@piecework/shared';
import { safeFetch, SsrfBlockedError } from '@piecework/pieces';
import { ProviderError, providerMessage } from './provider-error';

/** A request to a provider. */
export interface ProviderCall {
  method: 'GET' | 'POST';
  url: string;
  headers: Readonly<Record<string, string>>;
  /** JSON-encoded when given. */
  body?: unknown;
  signal: AbortSignal;
  /** AP_SSRF_ALLOW_LIST of the server. */
  allowList: readonly string[];
}

/** A provider's 2xx answer: its parsed body and status. */
export interface ProviderAnswer {
  body: unknown;
  status: number;
}

/** The SSRF refusal behind `error` (itself, or the `cause` of fetch's TypeError). */
function ssrfErrorOf(error: unknown): SsrfBlockedError | undefined {
  if (error instanceof SsrfBlockedError) return error;
  if (error instanceof Error && error.cause instanceof SsrfBlockedError) return error.cause;
  return undefined;
}

/** Sends `call`; see the file's comment for what it answers and throws. */
export async function providerRequest(call: ProviderCall): Promise<ProviderAnswer> {
  const host = new URL(call.url).host;
  let response: Response;
  let text: string;
  try {
    response = await safeFetch(
      call.url,
      {
        method: call.method,
        headers: {
          accept: 'application/json',
          ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...call.headers,
        },
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        signal: call.signal,
      },
      { allowList: call.allowList },
    );
    text = await response.text();
  } catch (error) {
    if (call.signal.aborted) throw error;
    const blocked = ssrfErrorOf(error);
    if (blocked !== undefined) {
      throw new PieceworkError('SSRF_BLOCKED', {
        message: blocked.message,
        host: blocked.host,
        address: blocked.address,
        reason: blocked.reason,
      });
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const reason = error instanceof Error ? `${error.message}${cause}` : String(error);
    throw new ProviderError(`The provider at ${host} did not answer (${reason})`, undefined);
  }
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const message =
      providerMessage(body) ?? `The provider at ${host} answered HTTP ${String(response.status)}`;
    throw new ProviderError(message, response.status);
  }
  if (body === undefined) {
    throw new ProviderError(`The provider at ${host} answered something that is not JSON`, response.status);
  }
  return { body, status: response.status };
}
