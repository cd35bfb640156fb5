/**
 * License keys for tests: a vendor key pair ({@link licenseIssuer}) whose public half the test
 * server is given as AP_LICENSE_PUBLIC_KEY, and which signs payloads into keys the way the
 * vendor's own tool does (`base64url(JSON) + "." + base64url(Ed25519 signature)`).
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import type { LicenseKeyPayload } from '@piecework/shared';

/** A stand-in license vendor. */
export interface LicenseIssuer {
  /** The public key as a PEM, for AP_LICENSE_PUBLIC_KEY. */
  readonly publicKeyPem: string;
  /** The public key as base64 of its raw 32 bytes (the other form AP_LICENSE_PUBLIC_KEY takes). */
  readonly publicKeyRaw: string;
  /** A key for `payload` over a valid one-year enterprise license (fields given replace its). */
  mint(payload?: Partial<LicenseKeyPayload>): string;
  /** Signs any text as the first part of a key (for malformed payloads). */
  signRaw(body: string): string;
}

/** A new vendor key pair and its minting. */
export function licenseIssuer(): LicenseIssuer {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const signRaw = (body: string): string =>
    `${body}.${sign(null, Buffer.from(body, 'ascii'), privateKey).toString('base64url')}`;
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  return {
    publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    publicKeyRaw: spki.subarray(spki.length - 32).toString('base64'),
    signRaw,
    mint(payload = {}) {
      const now = Date.now();
      const full: LicenseKeyPayload = {
        licenseId: 'lic_test',
        customer: 'Acme Corp',
        plan: 'enterprise',
        issuedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 365 * 24 * 3600_000).toISOString(),
        limits: {},
        features: {},
        ...payload,
      };
      return signRaw(Buffer.from(JSON.stringify(full), 'utf8').toString('base64url'));
    },
  };
}
