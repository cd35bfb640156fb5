/**
 * Who a federated identity provider (Google) says signed in: what signing in with a provider
 * hands to the identity service.
 */
export interface FederatedProfile {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}
