/**
 * The emailed one-time-code endpoints of `ENDPOINTS.authentication`: request a code, verify an
 * email address, reset a password (Activepieces' paths and field names). All public.
 */
import { ResetPasswordRequest, VerifyEmailRequest, CreateOtpRequest } from '../users/one-time-code';
import { User } from '../users/user';
import { PUBLIC_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/** `POST /v1/otp`, `POST /v1/authn/local/verify-email`, `POST /v1/authn/local/reset-password`. */
export const ONE_TIME_CODE_ENDPOINTS = {
  requestOtp: endpoint({
    method: 'POST',
    path: '/v1/otp',
    operationId: 'authentication.requestOtp',
    summary:
      'Email a one-time code to verify the address or reset the password (the same answer whether or not the address is known)',
    access: PUBLIC_ACCESS,
    body: CreateOtpRequest,
    status: 204,
  }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/v1/authn/local/verify-email',
    operationId: 'authentication.verifyEmail',
    summary: "Confirm a user's email address with the emailed code",
    access: PUBLIC_ACCESS,
    body: VerifyEmailRequest,
    status: 200,
    response: User,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/v1/authn/local/reset-password',
    operationId: 'authentication.resetPassword',
    summary: "Set a new password with the emailed code; the user's existing sessions end",
    access: PUBLIC_ACCESS,
    body: ResetPasswordRequest,
    status: 204,
  }),
};
