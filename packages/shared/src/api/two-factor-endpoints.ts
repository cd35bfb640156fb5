/**
 * Two-factor authentication (`ENDPOINTS.twoFactor`): the signed-in user's own settings under
 * `/v1/users/me/two-factor`, and the public second step of a password sign-in under
 * `/v1/authn/local/two-factor`.
 */
import {
  DisableTwoFactorRequest,
  RecoveryCodes,
  TwoFactorChallengeRequest,
  TwoFactorCodeRequest,
  TwoFactorEnrolment,
  TwoFactorSignInRequest,
  TwoFactorSignInResponse,
  TwoFactorStatus,
} from '../users/two-factor';
import { USER_ACCESS, PUBLIC_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/** The two-factor endpoints; the `/v1/users/me` ones take a signed-in user (not an API key). */
export const TWO_FACTOR_ENDPOINTS = {
  status: endpoint({
    method: 'GET',
    path: '/v1/users/me/two-factor',
    operationId: 'twoFactor.status',
    summary: "The signed-in user's two-factor status: on or off, recovery codes left, devices remembered",
    access: USER_ACCESS,
    status: 200,
    response: TwoFactorStatus,
  }),
  startEnrolment: endpoint({
    method: 'POST',
    path: '/v1/users/me/two-factor/enrolment',
    operationId: 'twoFactor.startEnrolment',
    summary: 'Start (or restart) setting up an authenticator app: a new secret and its otpauth URL',
    access: USER_ACCESS,
    status: 200,
    response: TwoFactorEnrolment,
  }),
  enable: endpoint({
    method: 'POST',
    path: '/v1/users/me/two-factor/enable',
    operationId: 'twoFactor.enable',
    summary: 'Turn two-factor on with a code of the new secret; answers 10 recovery codes, shown once',
    access: USER_ACCESS,
    body: TwoFactorCodeRequest,
    status: 200,
    response: RecoveryCodes,
  }),
  regenerateRecoveryCodes: endpoint({
    method: 'POST',
    path: '/v1/users/me/two-factor/recovery-codes',
    operationId: 'twoFactor.regenerateRecoveryCodes',
    summary: 'Replace the recovery codes (the old ones stop working), given a current code',
    access: USER_ACCESS,
    body: TwoFactorCodeRequest,
    status: 200,
    response: RecoveryCodes,
  }),
  disable: endpoint({
    method: 'POST',
    path: '/v1/users/me/two-factor/disable',
    operationId: 'twoFactor.disable',
    summary: 'Turn two-factor off with a current or a recovery code (refused while the platform requires it)',
    access: USER_ACCESS,
    body: DisableTwoFactorRequest,
    status: 204,
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/v1/authn/local/two-factor',
    operationId: 'twoFactor.signIn',
    summary: "A password sign-in's second step: the challenge and a TOTP or recovery code",
    access: PUBLIC_ACCESS,
    body: TwoFactorSignInRequest,
    status: 200,
    response: TwoFactorSignInResponse,
  }),
  startSignInEnrolment: endpoint({
    method: 'POST',
    path: '/v1/authn/local/two-factor/enrolment',
    operationId: 'twoFactor.startSignInEnrolment',
    summary: 'Set up an authenticator app during a sign-in the platform requires two-factor for',
    access: PUBLIC_ACCESS,
    body: TwoFactorChallengeRequest,
    status: 200,
    response: TwoFactorEnrolment,
  }),
};
