import { z } from 'zod';
import { Password } from './authentication';

/**
 * What a one-time code (OTP) is for: confirming a new user's email address, or choosing a new
 * password. A newer code of a kind replaces the user's older one of that kind.
 */
export const OtpType = z.enum(['EMAIL_VERIFICATION', 'PASSWORD_RESET']);
export type OtpType = z.infer<typeof OtpType>;

/**
 * Body of `POST /v1/otp`: email a code of `type` to `email`. The answer is the same (204) whether
 * or not a user has that address, so the route does not tell which addresses have signed up.
 */
export const CreateOtpRequest = z.object({
  email: z.email(),
  type: OtpType,
});
export type CreateOtpRequest = z.infer<typeof CreateOtpRequest>;

/**
 * The user a code was sent to: `identityId` (Activepieces' name, carried by the emailed link)
 * or `userId`, one of the two.
 */
const CodeOwner = z.object({
  identityId: z.string().min(1).optional(),
  userId: z.string().min(1).optional(),
  otp: z.string().min(1).max(100),
});

function namesOwner(body: { identityId?: string | undefined; userId?: string | undefined }): boolean {
  return body.identityId !== undefined || body.userId !== undefined;
}

const OWNER_MESSAGE = 'identityId (or userId) is required';

/** Body of `POST /v1/authn/local/verify-email`: the user and the emailed code. */
export const VerifyEmailRequest = CodeOwner.refine(namesOwner, {
  message: OWNER_MESSAGE,
  path: ['identityId'],
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequest>;

/** Body of `POST /v1/authn/local/reset-password`: the user, the emailed code and the new password. */
export const ResetPasswordRequest = CodeOwner.extend({ newPassword: Password }).refine(namesOwner, {
  message: OWNER_MESSAGE,
  path: ['identityId'],
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;
