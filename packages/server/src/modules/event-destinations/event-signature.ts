/**
 * How a delivery proves it comes from this server: an HMAC-SHA256, keyed with the destination's
 * signing secret, over `<timestamp>.<body>` (the timestamp header's value, a dot, the raw JSON
 * body), sent hex-encoded as `v1=<hex>`. A receiver recomputes it over the bytes it received and
 * compares in constant time; checking the timestamp's age stops replays (`docs/event-destinations.md`).
 */
import { createHmac, randomBytes } from 'node:crypto';

/** The headers of every delivery (lower case, as HTTP/2 and Node give them). */
export const EVENT_HEADERS = {
  /** The audit event's id: the same on every attempt, so a receiver can drop repeats. */
  eventId: 'x-piecework-event-id',
  /** Unix time in seconds when this attempt was signed. */
  timestamp: 'x-piecework-timestamp',
  /** `v1=` and the hex HMAC-SHA256 of `<timestamp>.<body>` keyed with the signing secret. */
  signature: 'x-piecework-signature',
} as const;

/** A new signing secret: `whsec_` and 32 random bytes, base64url. The HMAC key is the whole string (UTF-8). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The signature header's value for `body` sent at `timestamp` (unix seconds) with `secret`. */
export function signEventBody(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret)
    .update(`${String(timestamp)}.${body}`)
    .digest('hex');
  return `v1=${mac}`;
}

/** The headers of one delivery of event `eventId` with `body`, signed now (`nowMs`). */
export function deliveryHeaders(
  secret: string,
  eventId: string,
  body: string,
  nowMs: number,
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Piecework-Event-Destinations/1',
    [EVENT_HEADERS.eventId]: eventId,
    [EVENT_HEADERS.timestamp]: String(timestamp),
    [EVENT_HEADERS.signature]: signEventBody(secret, timestamp, body),
  };
}
