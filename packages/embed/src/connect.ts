/**
 * `connect()`: opens the app's connection dialog in a hidden overlay frame (shown when the app
 * asks) or in a popup window, and settles when the dialog reports its outcome.
 */
import type { EmbedVendorInitData } from '@piecework/shared';
import { notAnsweringMessage, watchForAnswer, type AnswerWatch } from './answer-timeout';
import { createAppSession } from './app-session';
import { connectionDialogStep, type ConnectResult } from './connection-dialog';
import type { ConnectFailure, ConnectOptions } from './embed-options';
import { connectionsRoute, windowFeatures } from './frame-urls';

/** The overlay frame's style until the app shows it. */
export const OVERLAY_STYLE =
  'display:none;position:fixed;inset:0;width:100%;height:100%;border:none;z-index:2147483000';

/** How often a popup is checked for having been closed, in ms. */
const POPUP_POLL_MS = 500;

/** What `openConnectionDialog` needs from the configured SDK. */
export interface ConnectContext {
  instanceUrl: string;
  instanceOrigin: string;
  hostOrigin: string;
  loadTimeoutMs: number | undefined;
  /** `VENDOR_INIT` data opening the app at `route`. */
  vendorInit: (route: string) => EmbedVendorInitData;
  /** Logs an error the host should see. */
  logError: (message: string) => void;
}

/** An open dialog: its promise and a way to close it early (a new `connect()` replaces it). */
export interface ConnectionDialog {
  result: Promise<ConnectResult>;
  close(): void;
}

/** Opens the connection dialog for `options`. */
export function openConnectionDialog(context: ConnectContext, options: ConnectOptions): ConnectionDialog {
  const route = connectionsRoute(options, Date.now());
  const url = context.instanceUrl + route;
  let frame: HTMLIFrameElement | undefined;
  let popup: Window | null = null;
  let watch: AnswerWatch | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let settle: { resolve: (value: ConnectResult) => void; reject: (error: ConnectFailure) => void };
  const result = new Promise<ConnectResult>((resolve, reject) => {
    settle = { resolve, reject };
  });

  const session = createAppSession({
    origin: context.instanceOrigin,
    target: () => (frame ? frame.contentWindow : popup),
    vendorInit: () => context.vendorInit(route),
    onMessage: (message) => {
      watch?.stop();
      const step = connectionDialogStep(message);
      if (step.kind === 'show' && frame) frame.style.display = 'block';
      if (step.kind === 'resolve') finish(() => settle.resolve(step.result));
      if (step.kind === 'reject') finish(() => settle.reject({ error: step.error }));
    },
  });
  const onMessage = (event: MessageEvent) => session.receive(event);
  const cleanUp = () => {
    window.removeEventListener('message', onMessage);
    watch?.stop();
    clearInterval(poll);
    frame?.remove();
    if (popup && !popup.closed) popup.close();
  };
  const finish = (then: () => void) => {
    cleanUp();
    then();
  };
  window.addEventListener('message', onMessage);

  if (options.newWindow) {
    popup = window.open(url, '_blank', windowFeatures(options.newWindow));
    if (!popup) {
      finish(() => settle.reject({ error: 'Failed to open popup window' }));
    } else {
      const opened = popup;
      poll = setInterval(() => {
        if (opened.closed) finish(() => settle.resolve({ connection: undefined }));
      }, POPUP_POLL_MS);
    }
  } else {
    frame = document.createElement('iframe');
    frame.src = url;
    frame.title = 'Piecework connection';
    frame.setAttribute('allow', 'clipboard-read; clipboard-write');
    frame.style.cssText = OVERLAY_STYLE;
    document.body.appendChild(frame);
    const opened = frame;
    watch = watchForAnswer({
      frame: opened,
      loadTimeoutMs: context.loadTimeoutMs,
      onTimeout: () => {
        if (session.answered) return;
        const message = notAnsweringMessage(context.instanceOrigin, context.hostOrigin);
        context.logError(message);
        finish(() => settle.reject({ error: message }));
      },
    });
  }

  return {
    result,
    close: () => finish(() => settle.resolve({ connection: undefined })),
  };
}
