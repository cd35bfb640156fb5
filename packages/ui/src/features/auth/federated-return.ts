/**
 * The page to return to after federated sign-in (Google, GitHub, OpenID Connect). The browser
 * leaves the app for the provider's consent page and comes back to `/redirect`, so the `from` of
 * the sign-in page is kept in this tab's `sessionStorage` across the trip; which provider it was
 * is read back from the `state` the provider returns.
 */
import { ThirdPartyAuthnProvider } from '@piecework/shared';
import { landingPath } from './landing-path';

const KEY = 'piecework.signInReturnTo';

/** Remembers `from` (the page asked for before sign-in) for the return from the provider. */
export function rememberReturnPath(from: string | null): void {
  sessionStorage.setItem(KEY, landingPath(from));
}

/** The remembered page, or `/`. */
export function returnPath(): string {
  return landingPath(sessionStorage.getItem(KEY));
}

/** Forgets the remembered page (once the sign-in it was kept for is done). */
export function forgetReturnPath(): void {
  sessionStorage.removeItem(KEY);
}

/**
 * The provider a sign-in `state` was issued for: the server's state is a signed JWT whose payload
 * names it (`provider`); the server checks the signature, this only picks the claim to send.
 * Google when the state says nothing readable.
 */
export function providerOfState(state: string): ThirdPartyAuthnProvider {
  try {
    const payload = state.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const provider: unknown = (JSON.parse(json) as Record<string, unknown>)['provider'];
    const parsed = ThirdPartyAuthnProvider.safeParse(provider);
    return parsed.success ? parsed.data : 'GOOGLE';
  } catch {
    return 'GOOGLE';
  }
}
