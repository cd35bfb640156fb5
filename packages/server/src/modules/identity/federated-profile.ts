import type { PlatformRole } from '@piecework/shared';

/**
 * Who a federated identity provider (Google, GitHub, OpenID Connect) says signed in: what signing
 * in with a provider hands to the identity service.
 */
export interface FederatedProfile {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/**
 * Where a federated sign-in may take its user, by how far the provider is trusted:
 * - `SIGN_UP_POLICY` (Google, GitHub: anyone may hold an account there): a known user signs in
 *   wherever they are; a new one signs up as the password form would (`sign-up-policy.ts`:
 *   invitation or allowed domain on a self-hosted server).
 * - `JUST_IN_TIME` (a platform's own identity provider, which its admin trusts): only users of
 *   `platformId` sign in (a user of another platform is refused: the provider is not theirs to
 *   vouch for); a new one joins `platformId` at once with `platformRole`, no invitation needed.
 * The platform's domain rules hold either way.
 */
export type FederatedSignInPolicy =
  | { readonly kind: 'SIGN_UP_POLICY' }
  | { readonly kind: 'JUST_IN_TIME'; readonly platformId: string; readonly platformRole: PlatformRole };
