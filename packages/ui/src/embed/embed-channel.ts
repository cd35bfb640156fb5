/**
 * The embedded app's line to its host page. {@link openEmbedChannel} runs in the entry, before
 * any lazy chunk loads, so `CLIENT_INIT` goes out at once and a `VENDOR_INIT` answered before the
 * embed app is ready is kept for it. Every message posted names the host's origin; a message is
 * accepted only from the host window, from that origin, shaped like a protocol message.
 */
import { isEmbedMessage, type EmbedClientMessage } from '@piecework/shared';
import { hostOriginOf } from './host-origin';

/** A message the host posted (its `type` and `data`, unchecked beyond their shape). */
export interface EmbedHostMessage {
  readonly type: string;
  readonly data?: unknown;
}

/** What the app posts through and hears from. */
export interface EmbedChannel {
  /** The host page's origin. */
  readonly origin: string;
  /** Posts `message` to the host, to its origin only. */
  post(message: EmbedClientMessage): void;
  /** Calls `listener` with each accepted message, first those received before. Answers unsubscribe. */
  listen(listener: (message: EmbedHostMessage) => void): () => void;
  /** The first message of `type` (one received before, or the next), taken out of the stream. */
  take(type: string): Promise<EmbedHostMessage>;
}

/** The host window and where its messages arrive. */
export interface EmbedChannelParts {
  /** The host window (`window.parent` or `window.opener`). */
  readonly host: { postMessage(message: unknown, targetOrigin: string): void };
  readonly origin: string;
  /** This window (its `message` events). */
  readonly events: Pick<EventTarget, 'addEventListener'>;
}

/** A channel to `host` at `origin`, hearing `message` events on `events`. */
export function createEmbedChannel({ host, origin, events }: EmbedChannelParts): EmbedChannel {
  const received: EmbedHostMessage[] = [];
  const listeners = new Set<(message: EmbedHostMessage) => void>();
  const takers = new Map<string, (message: EmbedHostMessage) => void>();
  events.addEventListener('message', (event) => {
    const { source, origin: from, data } = event as MessageEvent;
    if (source !== host || from !== origin || !isEmbedMessage(data)) return;
    const taker = takers.get(data.type);
    if (taker !== undefined) {
      takers.delete(data.type);
      taker(data);
      return;
    }
    if (listeners.size === 0) received.push(data);
    for (const listener of listeners) listener(data);
  });
  return {
    origin,
    post: (message) => host.postMessage(message, origin),
    listen(listener) {
      listeners.add(listener);
      for (const message of received.splice(0)) listener(message);
      return () => listeners.delete(listener);
    },
    take(type) {
      const at = received.findIndex((message) => message.type === type);
      if (at >= 0) return Promise.resolve(received.splice(at, 1)[0]!);
      return new Promise((resolve) => takers.set(type, resolve));
    },
  };
}

/** The channel of this window when a host embeds it (iframe or popup); null when none or unknown. */
export function openEmbedChannel(self: Window): EmbedChannel | null {
  const origin = hostOriginOf({
    ancestorOrigins: self.location.ancestorOrigins,
    referrer: self.document.referrer,
  });
  const host = self.parent !== self ? self.parent : (self.opener as Window | null);
  if (origin === null || host === null) return null;
  return createEmbedChannel({ host, origin, events: self });
}

/** Whether `pathname` is one of the embedded app's pages (`/embed`, `/embed/...`). */
export function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname.startsWith('/embed/');
}
