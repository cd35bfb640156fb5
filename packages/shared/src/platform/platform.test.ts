import { describe, expect, it } from 'vitest';
import { EmbedOrigin } from './allowed-embed-origins';
import { FeatureFlags, REMOVED_FEATURE_FLAGS } from './feature-flags';
import { Platform, UpdatePlatformRequest } from './platform';
import { DEFAULT_PLATFORM_AUTH_SETTINGS, emailDomain } from './platform-auth-settings';

describe('FeatureFlags', () => {
  it('accepts any other flags', () => {
    expect(FeatureFlags.parse({ SHOW_COMMUNITY: true, THEME: { color: '#000000' } })).toEqual({
      SHOW_COMMUNITY: true,
      THEME: { color: '#000000' },
    });
  });

  it.each(REMOVED_FEATURE_FLAGS)('rejects the removed flag %s', (flag) => {
    expect(FeatureFlags.safeParse({ OTHER: 1, [flag]: false }).success).toBe(false);
  });

  it('lists the four removed flags', () => {
    expect(REMOVED_FEATURE_FLAGS).toEqual([
      'SHOW_BILLING_PAGE',
      'CAN_BUY_ACTIVE_FLOWS',
      'CAN_BUY_AI_CREDITS',
      'SHOW_BILLING_LIMITS_ON_SIDEBAR',
    ]);
  });
});

describe('Platform', () => {
  it.each([
    [100, true],
    [0, true],
    [null, true],
    [-1, false],
    [undefined, false],
  ])('credits %j valid: %s', (credits, valid) => {
    expect(
      Platform.safeParse({
        id: 'plat1',
        name: 'Acme',
        credits,
        ...DEFAULT_PLATFORM_AUTH_SETTINGS,
        federatedAuthProviders: {},
      }).success,
    ).toBe(valid);
  });
});

describe('allowedAuthDomains', () => {
  it('keeps domains trimmed and lower-cased', () => {
    expect(
      UpdatePlatformRequest.parse({ allowedAuthDomains: [' Example.COM', 'sub.example.co.uk'] }),
    ).toEqual({
      allowedAuthDomains: ['example.com', 'sub.example.co.uk'],
    });
  });

  it.each(['@example.com', 'https://example.com', 'example', 'exa mple.com', '', 'ada@example.com'])(
    'rejects %j',
    (domain) => {
      expect(UpdatePlatformRequest.safeParse({ allowedAuthDomains: [domain] }).success).toBe(false);
    },
  );

  it.each([
    ['ada@example.com', 'example.com'],
    ['Ada@Sub.Example.COM', 'sub.example.com'],
  ])('the domain of %s is %s', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
});

describe('EmbedOrigin', () => {
  it.each(['https://app.example.com', 'http://localhost:3000', 'https://*.example.com', 'http://[::1]:8080'])(
    'accepts %s',
    (origin) => {
      expect(EmbedOrigin.safeParse(origin).success).toBe(true);
    },
  );

  it.each([
    'https://app.example.com/',
    'https://app.example.com/path',
    'app.example.com',
    'https://a.*.com',
    '',
  ])('rejects %j', (origin) => {
    expect(EmbedOrigin.safeParse(origin).success).toBe(false);
  });
});
