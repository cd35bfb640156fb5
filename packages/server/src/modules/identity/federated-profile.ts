import type { PlatformRole } from '@piecework/shared';

/**
 * Who a federated identity provider (Google) says signed in: what signing in with a provider
 * hands to the identity service.
 */
export interface FederatedProfile {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/**
 * The platform whose own identity provider (SAML) vouches for a sign-in: its users sign in there
 * only, and new ones join it with `platformRole`.
 */
export interface FederatedPlatform {
  readonly platformId: string;
  readonly platformRole: PlatformRole;
}
