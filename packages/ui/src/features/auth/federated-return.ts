/**
 * The page to return to after Google sign-in. The browser leaves the app for Google's consent
 * page and comes back to `/redirect`, so the `from` of the sign-in page is kept in this tab's
 * `sessionStorage` across the trip.
 */
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
