/**
 * What a platform admin may not do to the platform's sign-in rules: leave nobody a way in. Checked
 * on `POST /v1/platforms/:id` against the rules as they would be after the change.
 */
import { emailDomain, type PieceworkConfig, type PlatformAuthSettings } from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';
import type { Principal } from '../../infrastructure/auth/principal';

/** True when this server can offer Google sign-in (both AP_GOOGLE_CLIENT_ID and _SECRET are set). */
export function googleSignInConfigured(
  config: Pick<PieceworkConfig, 'googleClientId' | 'googleClientSecret'>,
): boolean {
  return config.googleClientId !== undefined && config.googleClientSecret !== undefined;
}

/**
 * Throws 409 VALIDATION when `next` would lock people out: email sign-in off without Google
 * sign-in on (and configured), domains enforced with none listed, or domains enforced without the
 * calling user's own (they would lose their way back in).
 */
export function assertSignInStaysPossible(
  next: PlatformAuthSettings,
  config: Pick<PieceworkConfig, 'googleClientId' | 'googleClientSecret'>,
  caller: Principal,
): void {
  if (!next.emailAuthEnabled && !(next.googleAuthEnabled && googleSignInConfigured(config))) {
    throw ruleViolation(
      'Email sign-in can only be turned off while Google sign-in is on and configured (AP_GOOGLE_CLIENT_ID, AP_GOOGLE_CLIENT_SECRET); nobody could sign in',
      { field: 'emailAuthEnabled' },
    );
  }
  if (next.enforceAllowedAuthDomains && next.allowedAuthDomains.length === 0) {
    throw ruleViolation('List at least one domain in allowedAuthDomains before enforcing it', {
      field: 'enforceAllowedAuthDomains',
    });
  }
  if (
    next.enforceAllowedAuthDomains &&
    caller.type === 'USER' &&
    !next.allowedAuthDomains.includes(emailDomain(caller.email))
  ) {
    throw ruleViolation(
      `Enforcing allowedAuthDomains without ${emailDomain(caller.email)} would lock you out; add your own domain`,
      { field: 'allowedAuthDomains', domain: emailDomain(caller.email) },
    );
  }
}
