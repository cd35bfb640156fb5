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

/** `data` of user.signed.in, user.password.reset and user.email.verified. */
export const UserEventData = z.object({
  user: UserSummary.optional(),
});
export type UserEventData = z.infer<typeof UserEventData>;
