/**
 * The one rule for messages from the embedded app: accept a message only from the window the SDK
 * opened (`event.source`), only from the Piecework server's origin (`event.origin`), and only when
 * it is shaped like a protocol message. Everything else on the page's `message` channel is ignored.
 */
import { isEmbedMessage, type EmbedVendorMessage } from '@piecework/shared';

/** The parts of a `MessageEvent` the check reads. */
export interface IncomingMessage {
  source: unknown;
  origin: string;
  data: unknown;
}

/** A protocol message that passed the check. */
export interface AcceptedMessage {
  type: string;
  data: unknown;
}

/** What a message must come from: the app's window, at the server's origin. */
export interface ExpectedSender {
  source: unknown;
  origin: string;
}

/** The message in `event` when it comes from `expected`, else undefined. */
export function acceptMessage(event: IncomingMessage, expected: ExpectedSender): AcceptedMessage | undefined {
  if (expected.source === null || expected.source === undefined) return undefined;
  if (event.source !== expected.source || event.origin !== expected.origin) return undefined;
  if (!isEmbedMessage(event.data)) return undefined;
  return { type: event.data.type, data: event.data.data };
}

/** A window the SDK posts to (an iframe's `contentWindow`, a popup). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** Posts `message` to `target`, naming the server's origin so no other page can read it. */
export function postToApp(target: MessageTarget, message: EmbedVendorMessage, origin: string): void {
  target.postMessage(message, origin);
}
