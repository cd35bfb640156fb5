import { z } from 'zod';

/**
 * An email domain as a platform lists it in `allowedAuthDomains` (`example.com`): trimmed and
 * lower-cased, letters, digits and dashes in dot-separated labels, without `@` or a scheme.
 */
export const AuthDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, {
    error: 'must be an email domain such as example.com',
  });
export type AuthDomain = z.infer<typeof AuthDomain>;

/**
 * How people sign in to a platform, by Activepieces' names. Use it wherever a platform's sign-in
 * rules are read or set:
 * - `emailAuthEnabled`: email-and-password sign-in and sign-up (default true); false refuses both
 *   with EMAIL_AUTH_DISABLED;
 * - `allowedAuthDomains`: email domains whose people may sign up without an invitation on a
 *   self-hosted server (default none);
 * - `enforceAllowedAuthDomains`: only people of `allowedAuthDomains` may sign up or sign in, even
 *   when invited (default false; DOMAIN_NOT_ALLOWED);
 * - `googleAuthEnabled`: the platform's toggle for Google sign-in, which also needs
 *   AP_GOOGLE_CLIENT_ID and AP_GOOGLE_CLIENT_SECRET (default true);
 * - `twoFactorRequired`: everyone signing in with a password must pass a second factor (TOTP),
 *   enrolling at their next sign-in if they have none (default false); federated and managed
 *   sign-ins are not affected.
 */
export const PlatformAuthSettings = z.object({
  emailAuthEnabled: z.boolean(),
  allowedAuthDomains: z.array(AuthDomain),
  enforceAllowedAuthDomains: z.boolean(),
  googleAuthEnabled: z.boolean(),
  twoFactorRequired: z.boolean(),
});
export type PlatformAuthSettings = z.infer<typeof PlatformAuthSettings>;

/** The settings of a new platform: email and Google sign-in on, no domain rules, no required second factor. */
export const DEFAULT_PLATFORM_AUTH_SETTINGS: PlatformAuthSettings = {
  emailAuthEnabled: true,
  allowedAuthDomains: [],
  enforceAllowedAuthDomains: false,
  googleAuthEnabled: true,
  twoFactorRequired: false,
};

/** The domain part of an email address, lower-cased (`ada@Example.com` -> `example.com`). */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}
