/**
 * How long the server waits on a client, set deliberately rather than left to Fastify's and Node's
 * defaults (which let a half-sent request hold its socket for ~90 s: no request timeout, a 60 s
 * headers timeout checked every 30 s):
 * - `headersTimeoutMs` (Node `headersTimeout`): the request line and headers must arrive within it;
 * - `requestTimeoutMs` (Node `requestTimeout`): the whole request, body included, must arrive
 *   within it. The default, 300 s, lets the largest body (25 MB by default) arrive at ~85 KB/s;
 * - `idleTimeoutMs` (Fastify `connectionTimeout`, the socket's inactivity timeout): a socket with
 *   no traffic either way for this long is closed. It must outlast the longest answer the server
 *   computes in silence, a `/sync` webhook's wait (AP_WEBHOOK_TIMEOUT_SECONDS), so by default it is
 *   that wait + 60 s, at least 120 s;
 * - `keepAliveTimeoutMs` (Node `keepAliveTimeout`): how long an idle keep-alive connection is kept
 *   between requests; 72 s, above the 60 s idle timeout of common load balancers.
 * Node checks the headers and request timeouts every `checkIntervalMs` (a quarter of the shorter
 * one, at most 1 s), so a request is cut off at most that late. A request cut off by them is
 * answered 408 `REQUEST_TIMEOUT` and its connection closed.
 */

/** The timeouts of `HttpTimeouts`, each optional (see the module for the defaults). */
export interface HttpTimeoutOptions {
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  idleTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
}

/** Every timeout, resolved. */
export interface HttpTimeouts {
  readonly headersTimeoutMs: number;
  readonly requestTimeoutMs: number;
  readonly idleTimeoutMs: number;
  readonly keepAliveTimeoutMs: number;
  readonly checkIntervalMs: number;
}

/** Resolves `options` over the defaults; `webhookTimeoutMs` is the longest `/sync` wait. */
export function resolveHttpTimeouts(options: HttpTimeoutOptions, webhookTimeoutMs: number): HttpTimeouts {
  const headersTimeoutMs = options.headersTimeoutMs ?? 20_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 300_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? Math.max(120_000, webhookTimeoutMs + 60_000);
  const keepAliveTimeoutMs = options.keepAliveTimeoutMs ?? 72_000;
  for (const [name, value] of Object.entries({
    headersTimeoutMs,
    requestTimeoutMs,
    idleTimeoutMs,
    keepAliveTimeoutMs,
  })) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new RangeError(`The HTTP timeout ${name} must be a whole number of milliseconds above 0`);
    }
  }
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new RangeError('The HTTP timeout headersTimeoutMs must not be above requestTimeoutMs');
  }
  const checkIntervalMs = Math.max(10, Math.min(1_000, Math.floor(headersTimeoutMs / 4)));
  return { headersTimeoutMs, requestTimeoutMs, idleTimeoutMs, keepAliveTimeoutMs, checkIntervalMs };
}
