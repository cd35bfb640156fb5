/**
 * `/redirect` is where OAuth2 providers send the browser back, both for Google sign-in (the whole
 * tab went to Google) and for an OAuth2 connection's consent (a popup the app opened). In a popup
 * opened by this app, the answer is handed to the opening window as a {@link OAuthRedirectMessage}
 * and the popup closes; listen for it with `window.addEventListener('message', ...)`, checking
 * `event.origin === window.location.origin` and `event.data.type`.
 */

/** The message a `/redirect` popup posts to its opener. */
export interface OAuthRedirectMessage {
  readonly type: 'piecework.oauth-redirect';
  readonly code: string | null;
  readonly state: string | null;
  /** The provider's `error` (e.g. `access_denied`), or null. */
  readonly error: string | null;
}

/** The window that opened this one when it is a page of this app (same origin), else null. */
export function sameOriginOpener(): Window | null {
  const opener = window.opener as Window | null;
  if (opener === null || opener === window) return null;
  try {
    return opener.location.origin === window.location.origin ? opener : null;
  } catch {
    // Reading another origin's location throws: not opened by this app.
    return null;
  }
}

/** Posts the provider's answer in `params` to `opener` (same origin only) and closes this popup. */
export function relayToOpener(opener: Window, params: URLSearchParams): void {
  const message: OAuthRedirectMessage = {
    type: 'piecework.oauth-redirect',
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
  };
  opener.postMessage(message, window.location.origin);
  window.close();
}
