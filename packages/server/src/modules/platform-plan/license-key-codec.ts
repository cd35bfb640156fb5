/**
 * Reading license keys: `base64url(JSON payload) + "." + base64url(Ed25519 signature)`, the
 * signature over the first part's ASCII bytes, checked with the vendor's public key
 * (AP_LICENSE_PUBLIC_KEY). See `LicenseKeyPayload` in `@piecework/shared` for the payload.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { LicenseKeyPayload, PieceworkError } from '@piecework/shared';

/** Why a key is refused: INVALID_LICENSE_KEY (malformed, bad signature, no public key) or LICENSE_KEY_EXPIRED. */
function invalidLicenseKey(message: string): PieceworkError {
  return new PieceworkError('INVALID_LICENSE_KEY', { message });
}

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * The Ed25519 public key of AP_LICENSE_PUBLIC_KEY: a PEM (`\n` escapes allowed for line breaks)
 * or base64 (or base64url) of the raw 32 bytes. Throws an Error naming the variable otherwise.
 */
export function parseLicensePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.startsWith('-----BEGIN')) {
      key = createPublicKey(trimmed.replace(/\\n/g, '\n'));
    } else {
      const raw = Buffer.from(trimmed, 'base64');
      if (raw.length !== 32) throw new Error('not 32 bytes');
      key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    }
  } catch {
    throw new Error(
      'AP_LICENSE_PUBLIC_KEY is not an Ed25519 public key (PEM, or base64 of the raw 32 bytes)',
    );
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error('AP_LICENSE_PUBLIC_KEY must be an Ed25519 public key');
  }
  return key;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Whether `signature` (base64url) is the Ed25519 signature of `body`'s ASCII bytes. */
function signatureVerifies(publicKey: KeyObject, body: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(body, 'ascii'), publicKey, Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}

/**
 * The payload of `licenseKey` when `publicKey` verifies its signature and it has not expired at
 * `now` (ISO). Throws INVALID_LICENSE_KEY (no public key, malformed, bad signature, payload not a
 * {@link LicenseKeyPayload}) or LICENSE_KEY_EXPIRED.
 */
export function verifyLicenseKey(
  publicKey: KeyObject | undefined,
  licenseKey: string,
  now: string,
): LicenseKeyPayload {
  if (publicKey === undefined) {
    throw invalidLicenseKey('This server accepts no license keys: AP_LICENSE_PUBLIC_KEY is not set');
  }
  const parts = licenseKey.trim().split('.');
  const [body, signature] = parts;
  if (
    parts.length !== 2 ||
    body === undefined ||
    signature === undefined ||
    !BASE64URL.test(body) ||
    !BASE64URL.test(signature)
  ) {
    throw invalidLicenseKey('A license key is two base64url parts joined by a dot');
  }
  if (!signatureVerifies(publicKey, body, signature)) {
    throw invalidLicenseKey('The license key is not signed by the license issuer');
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw invalidLicenseKey('The license key payload is not JSON');
  }
  const payload = LicenseKeyPayload.safeParse(json);
  if (!payload.success) throw invalidLicenseKey('The license key payload is not a license');
  if (Date.parse(payload.data.expiresAt) <= Date.parse(now)) {
    throw new PieceworkError('LICENSE_KEY_EXPIRED', {
      message: `The license key expired at ${payload.data.expiresAt}`,
      expiresAt: payload.data.expiresAt,
    });
  }
  return payload.data;
}
