/**
 * An answer a route shapes itself (status, headers, any body), for the routes whose answer is not
 * their endpoint's declared JSON: webhooks answer with whatever the flow responded.
 *
 * @example
 * ```ts
 * return new HttpReply(200, {}, { 'x-webhook-id': run.id });
 * return new HttpReply(204); // empty
 * ```
 */

/** Headers a route may not set itself: the HTTP layer frames the message. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * A status, headers and body to send as they are. A string or Buffer body is sent raw (text/plain
 * or application/octet-stream unless a content-type header says otherwise); `undefined` sends no
 * body; anything else is sent as JSON.
 */
export class HttpReply {
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    readonly body?: unknown,
    headers: Record<string, string> = {},
  ) {
    this.headers = Object.fromEntries(
      Object.entries(headers)
        .map(([name, value]) => [name.toLowerCase(), value] as const)
        .filter(([name]) => !FRAMING_HEADERS.has(name)),
    );
  }
}
