/**
 * Sends one event to a destination: a POST of the event's JSON through the SSRF-filtered client
 * (`safeFetch` with the server's AP_SSRF_ALLOW_LIST), redirects not followed (a 3xx is a failed
 * attempt), the answer's body discarded. The outcome is data, never thrown.
 */
import { safeFetch, SsrfBlockedError } from '@piecework/pieces';
import { deliveryHeaders } from './event-signature';

/** What one send came to. */
export type SendOutcome =
  /** The destination answered (any status; 2xx counts as delivered). */
  | { kind: 'answered'; statusCode: number; durationMs: number }
  /** The outbound filter refused the address: nothing was sent. */
  | { kind: 'blocked'; error: SsrfBlockedError; durationMs: number }
  /** No answer: the connection failed or timed out. */
  | { kind: 'unreachable'; error: string; durationMs: number };

/** What {@link sendEvent} needs. */
export interface SendEventInput {
  url: string;
  secret: string;
  eventId: string;
  /** The event's JSON, exactly as signed and sent. */
  body: string;
  /** AP_SSRF_ALLOW_LIST of the server. */
  allowList: readonly string[];
  /** Abandon the request after this long, in ms. */
  timeoutMs: number;
}

/** POSTs `input.body` to `input.url`, signed, and answers the {@link SendOutcome}. */
export async function sendEvent(input: SendEventInput): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await safeFetch(
      input.url,
      {
        method: 'POST',
        headers: deliveryHeaders(input.secret, input.eventId, input.body, Date.now()),
        body: input.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(input.timeoutMs),
      },
      { allowList: input.allowList },
    );
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'answered', statusCode: response.status, durationMs: elapsed() };
  } catch (error) {
    const blocked = ssrfErrorOf(error);
    if (blocked !== undefined) return { kind: 'blocked', error: blocked, durationMs: elapsed() };
    return { kind: 'unreachable', error: describe(error), durationMs: elapsed() };
  }
}

/** The SSRF refusal behind `error` (itself, or the `cause` of fetch's TypeError). */
function ssrfErrorOf(error: unknown): SsrfBlockedError | undefined {
  if (error instanceof SsrfBlockedError) return error;
  if (error instanceof Error && error.cause instanceof SsrfBlockedError) return error.cause;
  return undefined;
}

/** A short reason: the cause's message when fetch wraps it ("fetch failed" says nothing). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return 'the destination did not answer in time';
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 500);
}
