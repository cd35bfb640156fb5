/**
 * A platform's sign-in rules applied to one sign-up or sign-in: with a password, email sign-in
 * must be on (`emailAuthEnabled`, else 403 EMAIL_AUTH_DISABLED; Google sign-in has its own toggle,
 * checked when it starts); either way, when the platform enforces its domains the email's domain
 * must be listed (else 403 DOMAIN_NOT_ALLOWED).
 */
import { emailDomain, PieceworkError, type PlatformAuthSettings } from '@piecework/shared';

/** How a user proves who they are: their password, or a federated provider (Google). */
export type AuthMethod = 'PASSWORD' | 'FEDERATED';

/** Throws unless `settings` let `email` sign up or sign in by `method` (default: a password). */
export function assertPasswordAuthAllowed(
  settings: PlatformAuthSettings,
  email: string,
  platformId: string,
  method: AuthMethod = 'PASSWORD',
): void {
  if (method === 'PASSWORD' && !settings.emailAuthEnabled) {
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
