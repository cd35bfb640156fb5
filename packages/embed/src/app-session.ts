/**
 * One conversation with one app window (the main frame, a connection overlay or popup): accepts
 * its messages by the rule of `frame-messages.ts`, answers every `CLIENT_INIT` with `VENDOR_INIT`
 * (a reloaded app asks again), and hands each accepted message on.
 */
import {
  EmbedClientEvent,
  EmbedVendorEvent,
  type EmbedVendorInitData,
  type EmbedVendorMessage,
} from '@piecework/shared';
import {
  acceptMessage,
  postToApp,
  type AcceptedMessage,
  type IncomingMessage,
  type MessageTarget,
} from './frame-messages';

/** What a session talks to and how it reacts. */
export interface AppSessionOptions {
  /** The Piecework server's origin: the only origin accepted and the target of every post. */
  origin: string;
  /** The app's window (read on every message: an iframe's `contentWindow` can change). */
  target: () => MessageTarget | null | undefined;
  /** The `VENDOR_INIT` data to answer `CLIENT_INIT` with. */
  vendorInit: () => EmbedVendorInitData;
  /** Called with every accepted message, `CLIENT_INIT` included (after it was answered). */
  onMessage: (message: AcceptedMessage) => void;
}

/** A live session: feed it the page's `message` events. */
export interface AppSession {
  /** Handles one `message` event of the host window (ignored unless it passes the accept-check). */
  receive(event: IncomingMessage): void;
  /** Posts `message` to the app window; false when there is none. */
  post(message: EmbedVendorMessage): boolean;
  /** Whether the app has said `CLIENT_INIT` (it loaded and runs). */
  readonly answered: boolean;
}

/** Starts a session with the app window `options.target()`. */
export function createAppSession(options: AppSessionOptions): AppSession {
  let answered = false;
  const post = (message: EmbedVendorMessage): boolean => {
    const target = options.target();
    if (!target) return false;
    postToApp(target, message, options.origin);
    return true;
  };
  return {
    get answered() {
      return answered;
    },
    post,
    receive(event) {
      const message = acceptMessage(event, { source: options.target(), origin: options.origin });
      if (!message) return;
      if (message.type === EmbedClientEvent.CLIENT_INIT) {
        answered = true;
        post({ type: EmbedVendorEvent.VENDOR_INIT, data: options.vendorInit() });
      }
      options.onMessage(message);
    },
  };
}
