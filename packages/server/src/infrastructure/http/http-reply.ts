/**
 * An answer a route shapes itself (status, headers, any body), for the routes whose answer is not
 * their endpoint's declared JSON: webhooks answer with whatever the flow responded.
 *
 * @example
 * ```ts
 * return new HttpReply(200, {}, { 'x-webhook-id': run.id });
 * return new HttpReply(204); // empty
 * ```
 *
 * Headers HTTP cannot carry are made to fit or dropped here, so an answer is always sent: a value
 * beyond ASCII goes as its UTF-8 bytes; a name that is not a token, or a value
 * with control characters, is dropped and listed in `droppedHeaders` (the HTTP layer logs them).
 */
import { isHeaderName, sendableHeaderValue } from './header-values';

/** Headers a route may not set itself: the HTTP layer frames the message. */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * A status, headers and body to send as they are. A string or Buffer body is sent raw (text/plain
 * or application/octet-stream unless a content-type header says otherwise); `undefined` sends no
 * body; anything else is sent as JSON.
 */
export class HttpReply {
  readonly headers: Readonly<Record<string, string>>;
  /** Names of the headers given that HTTP cannot carry, left out of `headers`. */
  readonly droppedHeaders: readonly string[];

  constructor(
    readonly status: number,
    readonly body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const kept: Record<string, string> = {};
    const dropped: string[] = [];
    for (const [rawName, rawValue] of Object.entries(headers)) {
      const name = rawName.toLowerCase();
      if (FRAMING_HEADERS.has(name)) continue;
      const value = sendableHeaderValue(String(rawValue));
      if (value === null || !isHeaderName(name)) dropped.push(name);
      else kept[name] = value;
    }
    this.headers = kept;
    this.droppedHeaders = dropped;
  }
}
