/**
 * TOTP codes against a fixed clock: the current step and one either side are accepted, two steps
 * off are not, and a step at or before the last accepted one is refused (no reuse). Recovery codes
 * hash to the same value however they are typed.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, RECOVERY_CODE_COUNT } from './recovery-codes';
import { acceptedTotpStep, newTotpSecret, otpauthUrl, totpStep } from './totp';

const NOW = Date.UTC(2026, 11, 6, 12, 0, 10);
const secret = newTotpSecret();
const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const codeAt = (ms: number) => app.generate({ timestamp: ms });
const step = totpStep(NOW);

describe('acceptedTotpStep', () => {
  it('accepts the code of the current step and of one step either side', () => {
    expect(acceptedTotpStep(secret, codeAt(NOW), NOW, null)).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(NOW - 30_000), NOW, null)).toBe(step - 1);
    expect(acceptedTotpStep(secret, codeAt(NOW + 30_000), NOW, null)).toBe(step + 1);
  });

  it('refuses codes two steps away', () => {
    expect(acceptedTotpStep(secret, codeAt(NOW - 60_000), NOW, null)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(NOW + 60_000), NOW, null)).toBeNull();
  });

  it('refuses a code whose step is not after the last accepted one', () => {
    const accepted = acceptedTotpStep(secret, codeAt(NOW), NOW, null);
    expect(accepted).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(NOW), NOW, accepted)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(NOW - 30_000), NOW, accepted)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(NOW + 30_000), NOW, accepted)).toBe(step + 1);
  });

  it('refuses anything but six digits, and another secret', () => {
    expect(acceptedTotpStep(secret, 'abcdef', NOW, null)).toBeNull();
    expect(acceptedTotpStep(secret, `${codeAt(NOW)}0`, NOW, null)).toBeNull();
    expect(acceptedTotpStep(newTotpSecret(), codeAt(NOW), NOW, null)).toBeNull();
  });

  it('makes an otpauth URL authenticator apps read', () => {
    const url = new URL(otpauthUrl(secret, 'ada@example.com'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Piecework');
    expect(decodeURIComponent(url.pathname)).toContain('ada@example.com');
  });
});

describe('recovery codes', () => {
  it('makes 10 distinct codes that hash the same whatever their case and separators', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const [code] = codes as [string];
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(` ${code.toUpperCase().replace('-', ' ')} `)).toBe(hashRecoveryCode(code));
    expect(hashRecoveryCode(codes[1]!)).not.toBe(hashRecoveryCode(code));
  });
});
