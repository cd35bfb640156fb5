import { ALL_ENDPOINTS, ENDPOINTS } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { AUTHN_RATE_LIMITED_ROUTES, isAuthnRateLimited } from './authn-rate-limit';

describe('AUTHN_RATE_LIMITED_ROUTES', () => {
  it('limits sign-in (and its two-factor step), sign-up, the email-code routes, the federated claim and the managed-auth exchange, and no other endpoint', () => {
    expect(
      ALL_ENDPOINTS.filter((endpoint) => isAuthnRateLimited(endpoint))
        .map((e) => e.operationId)
        .sort(),
    ).toEqual([
      'authentication.requestOtp',
      'authentication.resetPassword',
      'authentication.signIn',
      'authentication.signUp',
      'authentication.verifyEmail',
      'federatedAuthn.claim',
      'managedAuthn.externalToken',
      'twoFactor.signIn',
      'twoFactor.startSignInEnrolment',
    ]);
    expect(isAuthnRateLimited(ENDPOINTS.federatedAuthn.login)).toBe(false);
  });

  it.each([
    ['POST', '/v1/otp', true],
    ['POST', '/v1/authn/local/verify-email', true],
    ['POST', '/v1/authn/local/reset-password', true],
    ['GET', '/v1/otp', false],
  ])('names the emailed-code and reset routes by path: %s %s -> %s', (method, path, limited) => {
    expect(isAuthnRateLimited({ operationId: 'elsewhere.declared', method: method as 'POST', path })).toBe(
      limited,
    );
  });

  it('switches a route on by its operationId in a set of its own', () => {
    const routes = new Set([...AUTHN_RATE_LIMITED_ROUTES, 'otp.create']);
    expect(
      isAuthnRateLimited({ operationId: 'otp.create', method: 'POST', path: '/v1/somewhere' }, routes),
    ).toBe(true);
  });
});
