import { z } from 'zod';
import { UserSummary } from '../users/user';

/** How a user signed up: by password/emailed code (credentials), federated sign-in (sso) or managed authentication (managed). */
export const UserSignedUpSource = z.enum(['credentials', 'sso', 'managed']);
export type UserSignedUpSource = z.infer<typeof UserSignedUpSource>;

/** `data` of user.signed.up. */
export const UserSignedUpEventData = z.object({
  source: UserSignedUpSource,
  user: UserSummary.optional(),
});
export type UserSignedUpEventData = z.infer<typeof UserSignedUpEventData>;

/** Why a known user's sign-in was refused: a wrong password, or a deactivated user. */
export const SignInFailureReason = z.enum(['WRONG_PASSWORD', 'USER_INACTIVE']);
export type SignInFailureReason = z.infer<typeof SignInFailureReason>;

/**
 * `data` of user.sign.in.failed: whose sign-in was refused and why. Recorded only for a known
 * email (an event belongs to a platform; an unknown email has none).
 */
export const UserSignInFailedEventData = z.object({
  user: UserSummary,
  reason: SignInFailureReason,
});
export type UserSignInFailedEventData = z.infer<typeof UserSignInFailedEventData>;

/** `data` of user.signed.in, user.password.reset and user.email.verified. */
export const UserEventData = z.object({
  user: UserSummary.optional(),
});
export type UserEventData = z.infer<typeof UserEventData>;
