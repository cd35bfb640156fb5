/**
 * The one machinery of the SDK's dialogs (`connect()`, `mcpSettings()`, `authorizeMcp()`): opens
 * an app route in a hidden full-page overlay frame (shown when the app asks) or in a popup window,
 * talks to it through an app session, and settles with what the dialog's `step` makes of its
 * messages. A dialog that never answers (the host's origin is not allowed to frame the app)
 * rejects with the same message as `configure()`.
 */
import type { EmbedVendorInitData } from '@piecework/shared';
import { notAnsweringMessage, watchForAnswer, type AnswerWatch } from './answer-timeout';
import { createAppSession } from './app-session';
import type { AcceptedMessage } from './frame-messages';
import { windowFeatures } from './frame-urls';
import type { NewWindowFeatures } from './embed-options';

/** The overlay frame's style until the app shows it. */
export const OVERLAY_STYLE =
  'display:none;position:fixed;inset:0;width:100%;height:100%;border:none;z-index:2147483000';

/** How often a popup is checked for having been closed, in ms. */
const POPUP_POLL_MS = 500;

/** What a dialog needs from the configured SDK. */
export interface OverlayContext {
  instanceUrl: string;
  instanceOrigin: string;
  hostOrigin: string;
  loadTimeoutMs: number | undefined;
  /** `VENDOR_INIT` data opening the app at `route`. */
  vendorInit: (route: string) => EmbedVendorInitData;
  /** Logs an error the host should see. */
  logError: (message: string) => void;
}

/** The effect of one message of a dialog's window on its promise. */
export type OverlayStep<R> =
  { kind: 'show' } | { kind: 'resolve'; result: R } | { kind: 'reject'; error: string } | { kind: 'ignore' };

/** What one dialog opens and how it reads its window's messages. */
export interface OverlaySpec<R> {
  /** The app route (`/embed/...?...`). */
  route: string;
  /** The overlay frame's title (its accessible name). */
  title: string;
  /** What each accepted message means. */
  step: (message: AcceptedMessage) => OverlayStep<R>;
  /** The result when the dialog is closed without an answer (the popup closed, a newer call). */
  closedResult: R;
  /** Open a popup window instead of an overlay frame. */
  newWindow?: NewWindowFeatures | undefined;
}

/** An open dialog: its promise and a way to close it early (it resolves `closedResult`). */
export interface OverlayDialog<R> {
  result: Promise<R>;
  close(): void;
}

/** Opens the dialog of `spec`; its result rejects `{error}` on a `reject` step or no answer. */
export function openOverlayDialog<R>(context: OverlayContext, spec: OverlaySpec<R>): OverlayDialog<R> {
  const url = context.instanceUrl + spec.route;
  let frame: HTMLIFrameElement | undefined;
  let popup: Window | null = null;
  let watch: AnswerWatch | undefined;
  let poll: ReturnType<typeof setInterval> | undefined;
  let settle: { resolve: (value: R) => void; reject: (error: { error: string }) => void };
  const result = new Promise<R>((resolve, reject) => {
    settle = { resolve, reject };
  });

  const session = createAppSession({
    origin: context.instanceOrigin,
    target: () => (frame ? frame.contentWindow : popup),
    vendorInit: () => context.vendorInit(spec.route),
    onMessage: (message) => {
      watch?.stop();
      const step = spec.step(message);
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

  if (spec.newWindow) {
    popup = window.open(url, '_blank', windowFeatures(spec.newWindow));
    if (!popup) {
      finish(() => settle.reject({ error: 'Failed to open popup window' }));
    } else {
      const opened = popup;
      poll = setInterval(() => {
        if (opened.closed) finish(() => settle.resolve(spec.closedResult));
      }, POPUP_POLL_MS);
    }
  } else {
    frame = document.createElement('iframe');
    frame.src = url;
    frame.title = spec.title;
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
    close: () => finish(() => settle.resolve(spec.closedResult)),
  };
}
