/**
 * The remembered-device tokens this browser keeps, one per email, in `localStorage`: answered by a
 * two-factor sign-in with "Remember this device for 30 days" and sent with later sign-ins of that
 * email, which then skip the code. The server checks each (an expired or unknown one just leads
 * to the code step again).
 */
const PREFIX = 'piecework.rememberedDevice:';

/** The token kept for `email`, if any. */
export function readRememberedDevice(email: string): string | undefined {
  try {
    return localStorage.getItem(PREFIX + email.trim().toLowerCase()) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `token` for `email`. */
export function writeRememberedDevice(email: string, token: string): void {
  try {
    localStorage.setItem(PREFIX + email.trim().toLowerCase(), token);
  } catch {
    // Storage refused (private mode, quota): the next sign-in asks for a code again.
  }
}
