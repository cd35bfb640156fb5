/**
 * What a platform admin may not do to the platform's sign-in rules: leave nobody a way in. Checked
 * on `POST /v1/platforms/:id` against the rules as they would be after the change.
 */
import {
  emailDomain,
  type FederatedAuthProvidersView,
  type PieceworkConfig,
  type PlatformAuthSettings,
} from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';
import type { Principal } from '../../infrastructure/auth/principal';

/** True when this server can offer Google sign-in (both AP_GOOGLE_CLIENT_ID and _SECRET are set). */
export function googleSignInConfigured(
  config: Pick<PieceworkConfig, 'googleClientId' | 'googleClientSecret'>,
): boolean {
  return config.googleClientId !== undefined && config.googleClientSecret !== undefined;
}

/**
 * Throws 409 VALIDATION when `next` would lock people out: email sign-in off without another way
 * in (Google sign-in on and configured, or a GitHub, SAML or OpenID Connect provider set up),
 * domains enforced with none listed, or domains enforced without the calling user's own (they
 * would lose their way back in).
 */
export function assertSignInStaysPossible(
  next: PlatformAuthSettings,
  providers: FederatedAuthProvidersView,
  config: Pick<PieceworkConfig, 'googleClientId' | 'googleClientSecret'>,
  caller: Principal,
): void {
  const google = next.googleAuthEnabled && googleSignInConfigured(config);
  const federated = Object.values(providers).some((provider) => provider !== undefined);
  if (!next.emailAuthEnabled && !google && !federated) {
    throw ruleViolation(
      'Email sign-in can only be turned off while another way in is set up: Google sign-in on and configured (AP_GOOGLE_CLIENT_ID, AP_GOOGLE_CLIENT_SECRET), or a GitHub, SAML or OpenID Connect provider; nobody could sign in',
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
