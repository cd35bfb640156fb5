/**
 * The OAuth2 consent popup of a new connection. The popup is opened at once on the user's click
 * (so the browser allows it), sent to the provider's authorization URL, and the provider sends
 * it back to the app's `/redirect` page, which hands `{code, state, error}` to this window with
 * `postMessage` (same origin only) as a `piecework.oauth-redirect` message and closes. The answer
 * counts only from this origin and with the `state` of the URL this popup was sent to.
 */

import type { OAuthRedirectMessage } from '../../auth/oauth-popup-relay';

/** Where providers send the consent popup back: the app's `/redirect` page. */
export function oauth2RedirectUrl(origin: string): string {
  return `${origin}/redirect`;
}

/** Opens an empty popup for the consent page (call it in the click handler). Null when blocked. */
export function openConsentPopup(): Window | null {
  return window.open('about:blank', 'piecework-oauth2', 'popup,width=600,height=720');
}

function isRedirectMessage(data: unknown): data is OAuthRedirectMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'piecework.oauth-redirect'
  );
}

/**
 * Sends `popup` to `authorizationUrl` and resolves with the authorization code the provider
 * returned; rejects when the provider refuses, the popup closes first, or `signal` aborts.
 */
export function waitForConsent(
  popup: Window,
  authorizationUrl: string,
  signal: AbortSignal,
): Promise<string> {
  const expectedState = new URL(authorizationUrl).searchParams.get('state');
  return new Promise<string>((resolve, reject) => {
    const finish = (outcome: () => void) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(watch);
      signal.removeEventListener('abort', onAbort);
      outcome();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isRedirectMessage(event.data)) return;
      const { code, state, error } = event.data;
      if (expectedState !== null && state !== expectedState) return;
      if (error !== null) finish(() => reject(new Error(`The provider did not grant access (${error}).`)));
      else if (code === null)
        finish(() => reject(new Error('The provider answered without an authorization code.')));
      else finish(() => resolve(code));
    };
    const onAbort = () => finish(() => reject(new Error('The connection was cancelled.')));
    const watch = window.setInterval(() => {
      if (popup.closed)
        finish(() => reject(new Error('The consent window was closed before access was granted.')));
    }, 500);
    window.addEventListener('message', onMessage);
    signal.addEventListener('abort', onAbort);
    popup.location.href = authorizationUrl;
  });
}
