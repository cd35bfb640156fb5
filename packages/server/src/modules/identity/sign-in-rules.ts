/**
 * A platform's sign-in rules applied to one email-and-password sign-up or sign-in: email sign-in
 * must be on (`emailAuthEnabled`, else 403 EMAIL_AUTH_DISABLED), and when the platform enforces
 * its domains the email's domain must be listed (else 403 DOMAIN_NOT_ALLOWED).
 */
import { emailDomain, PieceworkError, type PlatformAuthSettings } from '@piecework/shared';

/** Throws unless `settings` let `email` sign up or sign in with a password. */
export function assertPasswordAuthAllowed(
  settings: PlatformAuthSettings,
  email: string,
  platformId: string,
): void {
  if (!settings.emailAuthEnabled) {
    throw new PieceworkError('EMAIL_AUTH_DISABLED', {
      message: 'This platform has turned sign-in with email and password off; use another sign-in method',
      platformId,
    });
  }
  const domain = emailDomain(email);
  if (settings.enforceAllowedAuthDomains && !settings.allowedAuthDomains.includes(domain)) {
    throw new PieceworkError('DOMAIN_NOT_ALLOWED', {
      message: `This platform only accepts email addresses of ${settings.allowedAuthDomains.join(', ')}`,
      domain,
      platformId,
    });
  }
}
