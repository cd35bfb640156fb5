import { describe, expect, it } from 'vitest';
import { fillPlaceholders, isRefreshDue, REFRESH_MARGIN_SECONDS, stampTokens } from './oauth2-tokens';

const NOW = 1_800_000_000;

describe('isRefreshDue', () => {
  it.each([
    ['a token far from expiry', { refresh_token: 'r', claimed_at: NOW, expires_in: 3600 }, false],
    [
      'a token expiring just outside the margin',
      { refresh_token: 'r', claimed_at: NOW, expires_in: REFRESH_MARGIN_SECONDS + 1 },
      false,
    ],
    [
      'a token expiring at the margin',
      { refresh_token: 'r', claimed_at: NOW, expires_in: REFRESH_MARGIN_SECONDS },
      true,
    ],
    ['an expired token', { refresh_token: 'r', claimed_at: NOW - 7200, expires_in: 3600 }, true],
    [
      'a token without expires_in, claimed an hour ago (1 h assumed)',
      { refresh_token: 'r', claimed_at: NOW - 3600 },
      true,
    ],
    ['an expired authorization-code token without a refresh token', { claimed_at: 0, expires_in: 60 }, false],
    [
      'an expired client-credentials token (claimed again)',
      { grant_type: 'client_credentials', claimed_at: 0, expires_in: 60 },
      true,
    ],
  ])('%s: %s', (_, value, expected) => {
    expect(isRefreshDue(value, NOW)).toBe(expected);
  });
});

describe('stampTokens', () => {
  it('keeps the token fields on top, the rest under data, and the claim time', () => {
    expect(
      stampTokens(
        {
          access_token: 'a',
          refresh_token: 'r',
          expires_in: '3600',
          token_type: 'Bearer',
          team: { id: 'T1' },
        },
        NOW,
      ),
    ).toEqual({
      access_token: 'a',
      refresh_token: 'r',
      expires_in: 3600,
      token_type: 'Bearer',
      team: { id: 'T1' },
      data: { team: { id: 'T1' } },
      claimed_at: NOW,
    });
  });

  it('leaves out null fields, so a refresh answer without a refresh token keeps the old one', () => {
    const old = { access_token: 'old', refresh_token: 'keep' };
    expect({ ...old, ...stampTokens({ access_token: 'new', refresh_token: null }, NOW) }).toMatchObject({
      access_token: 'new',
      refresh_token: 'keep',
    });
  });
});

describe('fillPlaceholders', () => {
  it.each([
    ['https://{subdomain}.example.com/token', { subdomain: 'acme' }, 'https://acme.example.com/token'],
    ['{base}/a/{base}', { base: 'x' }, 'x/a/x'],
    ['https://example.com/{missing}', {}, 'https://example.com/{missing}'],
    ['https://example.com/token', undefined, 'https://example.com/token'],
  ])('%s with %j is %s', (template, props, expected) => {
    expect(fillPlaceholders(template, props)).toBe(expected);
  });
});
