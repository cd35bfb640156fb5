/**
 * TOTP (RFC 6238) as authenticator apps compute it: SHA-1, 6 digits, 30-second time steps, with
 * the `otpauth` library. A code is accepted for the current step and one step either side (a
 * phone's clock a little off, a code typed as it rolled over), and only for a step after the last
 * one accepted for that user, so no code is accepted twice.
 */
import { Secret, TOTP } from 'otpauth';

/** Seconds per TOTP time step. */
export const TOTP_PERIOD_SECONDS = 30;

/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Piecework';

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random 160-bit secret, in base32 (what an app's "enter a key" field takes). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/...` URL of `secret` for `label` (the user's email), shown as a QR code. */
export function otpauthUrl(secret: string, label: string): string {
  return totpOf(secret, label).toString();
}

/** The TOTP time step of instant `atMs` (milliseconds since the epoch). */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The time step `code` belongs to when it is a code of `secret` at `nowMs`, give or take one
 * step, and that step is after `lastUsedStep`; otherwise null (wrong, too old, or already used).
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return null;
  const step = totpStep(nowMs) + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
}
