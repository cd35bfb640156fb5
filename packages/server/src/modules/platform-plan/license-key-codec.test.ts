import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FREE_PLAN, isPieceworkError } from '@piecework/shared';
import { licenseIssuer } from '../../testing/test-license';
import { parseLicensePublicKey, verifyLicenseKey } from './license-key-codec';
import { planOfStoredKey } from './platform-plan';
import type { ServerSettings } from '../../infrastructure/config/server-settings';

const vendor = licenseIssuer();
const NOW = '2026-06-01T00:00:00.000Z';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isPieceworkError(error)) return error.code;
    throw error;
  }
  return 'ACCEPTED';
}

describe('parseLicensePublicKey', () => {
  it('reads a PEM (also with escaped line breaks) and base64 of the raw 32 bytes alike', () => {
    const pem = parseLicensePublicKey(vendor.publicKeyPem);
    const escaped = parseLicensePublicKey(vendor.publicKeyPem.replace(/\n/g, '\\n'));
    const raw = parseLicensePublicKey(vendor.publicKeyRaw);
    const key = vendor.mint({ expiresAt: '2030-01-01T00:00:00.000Z' });
    for (const publicKey of [pem, escaped, raw])
      expect(verifyLicenseKey(publicKey, key, NOW).plan).toBe('enterprise');
  });

  it.each([['not a key'], ['c2hvcnQ='], ['-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----']])(
    'refuses %j naming the variable',
    (text) => {
      expect(() => parseLicensePublicKey(text)).toThrow(/AP_LICENSE_PUBLIC_KEY/);
    },
  );
});

describe('verifyLicenseKey', () => {
  const publicKey = parseLicensePublicKey(vendor.publicKeyPem);

  it('refuses every key when no public key is configured', () => {
    expect(codeOf(() => verifyLicenseKey(undefined, vendor.mint(), NOW))).toBe('INVALID_LICENSE_KEY');
  });

  it('accepts a key until its expiresAt, not at it', () => {
    const key = vendor.mint({ expiresAt: NOW });
    expect(codeOf(() => verifyLicenseKey(publicKey, key, '2026-05-31T23:59:59.999Z'))).toBe('ACCEPTED');
    expect(codeOf(() => verifyLicenseKey(publicKey, key, NOW))).toBe('LICENSE_KEY_EXPIRED');
  });

  it('refuses any text that is not a key with INVALID_LICENSE_KEY, never another error', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(codeOf(() => verifyLicenseKey(publicKey, text, NOW))).toBe('INVALID_LICENSE_KEY');
      }),
    );
  });

  it('refuses a key with any one character of its payload replaced (unless the bytes stay the same)', () => {
    const key = vendor.mint({ expiresAt: '2030-01-01T00:00:00.000Z', limits: { activeFlows: 3 } });
    const [body, signature] = key.split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    fc.assert(
      fc.property(fc.nat(body.length - 1), fc.constantFrom(...alphabet), (index, char) => {
        const forged = body.slice(0, index) + char + body.slice(index + 1);
        fc.pre(!Buffer.from(forged, 'base64url').equals(Buffer.from(body, 'base64url')));
        expect(codeOf(() => verifyLicenseKey(publicKey, `${forged}.${signature}`, NOW))).toBe(
          'INVALID_LICENSE_KEY',
        );
      }),
    );
  });
});

describe('planOfStoredKey', () => {
  const settings = { config: { licensePublicKey: vendor.publicKeyPem } } as unknown as ServerSettings;
  const key = vendor.mint({ plan: 'scale', expiresAt: NOW, limits: { projects: 5 } });

  it("is the key's plan before it expires and the free plan from then on", () => {
    expect(planOfStoredKey({ settings, now: () => '2026-01-01T00:00:00.000Z' }, key)).toMatchObject({
      name: 'scale',
      limits: { projects: 5, activeFlows: null },
      licenseExpiresAt: NOW,
    });
    expect(planOfStoredKey({ settings, now: () => NOW }, key)).toEqual(FREE_PLAN);
    expect(planOfStoredKey({ settings, now: () => NOW }, null)).toEqual(FREE_PLAN);
  });
});
