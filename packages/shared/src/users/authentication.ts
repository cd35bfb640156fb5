import { z } from 'zod';
import { User } from './user';

/**
 * A password as accepted on sign-up: 8 to 64 characters, Activepieces'
 * bounds.
 */
export const Password = z.string().min(8).max(64);
export type Password = z.infer<typeof Password>;

/**
 * Body of `POST /v1/authentication/sign-up`. Addresses of throwaway email providers are refused
 * by the server unless AP_ALLOW_DISPOSABLE_EMAILS is true (the schema only checks the syntax).
 */
export const SignUpRequest = z.object({
  email: z.email(),
  password: Password,
  firstName: z.string().min(1),
  lastName: z.string().min(1),
  trackEvents: z.boolean().optional(),
  newsLetter: z.boolean().optional(),
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/**
 * Body of `POST /v1/authentication/sign-in`. Any non-empty password is accepted for checking.
 * `rememberedDeviceToken`: what an earlier two-factor sign-in answered with "remember this
 * device"; valid and unexpired for this user, it skips the second factor.
 */
export const SignInRequest = z.object({
  email: z.email(),
  password: z.string().min(1),
  rememberedDeviceToken: z.string().min(1).max(200).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

/**
 * Answer of sign-up and sign-in: the user, a session `token` (JWT) and the project the user
 * lands in (null when the user has none).
 */
export const AuthenticationResponse = User.extend({
  token: z.string(),
  projectId: z.string().nullable(),
});
export type AuthenticationResponse = z.infer<typeof AuthenticationResponse>;

/**
 * Body of `POST /v1/managed-authn/external-token`: a JWT signed by one of the platform's signing
 * keys, naming the project, user and membership to create or reuse (embedding).
 */
export const ExternalTokenRequest = z.object({ externalAccessToken: z.string().min(1) });
export type ExternalTokenRequest = z.infer<typeof ExternalTokenRequest>;
