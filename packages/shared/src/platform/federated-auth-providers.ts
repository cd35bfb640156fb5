import { z } from 'zod';
import { PlatformRole } from '../users/user';

/**
 * A platform's GitHub OAuth app, for "Sign in with GitHub" (Activepieces' `github` provider).
 * Use it where a platform admin sets GitHub sign-in up.
 */
export const GithubAuthnProviderConfig = z.object({
  clientId: z.string().trim().min(1),
  clientSecret: z.string().min(1),
});
export type GithubAuthnProviderConfig = z.infer<typeof GithubAuthnProviderConfig>;

/**
 * A platform's SAML 2.0 identity provider (Activepieces' `saml` provider): the IdP's metadata XML
 * and the certificate its assertions are signed with (PEM). Users it names get an account on
 * first sign-in with `defaultPlatformRole`.
 */
export const SamlAuthnProviderConfig = z.object({
  idpMetadata: z.string().trim().min(1),
  idpCertificate: z.string().trim().min(1),
  defaultPlatformRole: PlatformRole.default('MEMBER'),
});
export type SamlAuthnProviderConfig = z.infer<typeof SamlAuthnProviderConfig>;

/**
 * A platform's OpenID Connect provider (Okta, Entra ID, Keycloak, Auth0...): its issuer (the
 * discovery document is `<issuer>/.well-known/openid-configuration`), the client registered
 * there, and the sign-in button's label. Users it names get an account on first sign-in with
 * `defaultPlatformRole`.
 */
export const OidcAuthnProviderConfig = z.object({
  issuer: z.url(),
  clientId: z.string().trim().min(1),
  clientSecret: z.string().min(1),
  displayName: z.string().trim().min(1).max(60).default('Single sign-on'),
  defaultPlatformRole: PlatformRole.default('MEMBER'),
});
export type OidcAuthnProviderConfig = z.infer<typeof OidcAuthnProviderConfig>;

/**
 * The identity providers a platform offers beyond email and password, as Activepieces'
 * `federatedAuthProviders` (Google is set up by AP_GOOGLE_CLIENT_ID/SECRET and
 * `googleAuthEnabled` instead). Secrets included: only the server reads this whole.
 */
export const FederatedAuthProviders = z.object({
  github: GithubAuthnProviderConfig.optional(),
  saml: SamlAuthnProviderConfig.optional(),
  oidc: OidcAuthnProviderConfig.optional(),
});
export type FederatedAuthProviders = z.infer<typeof FederatedAuthProviders>;

/** The providers as the platform shows them (`GET /v1/platforms/:id`): no client secrets. */
export const FederatedAuthProvidersView = z.object({
  github: GithubAuthnProviderConfig.omit({ clientSecret: true }).optional(),
  saml: SamlAuthnProviderConfig.optional(),
  oidc: OidcAuthnProviderConfig.omit({ clientSecret: true }).optional(),
});
export type FederatedAuthProvidersView = z.infer<typeof FederatedAuthProvidersView>;

/**
 * `federatedAuthProviders` of `POST /v1/platforms/:id`: each provider named replaces the stored
 * one, `null` removes it, an absent one stays. A client secret may be left out to keep the one
 * stored (the platform never shows it back).
 */
export const FederatedAuthProvidersUpdate = z.object({
  github: GithubAuthnProviderConfig.partial({ clientSecret: true }).nullable().optional(),
  saml: SamlAuthnProviderConfig.nullable().optional(),
  oidc: OidcAuthnProviderConfig.partial({ clientSecret: true }).nullable().optional(),
});
export type FederatedAuthProvidersUpdate = z.infer<typeof FederatedAuthProvidersUpdate>;

/** The provider names of {@link FederatedAuthProviders}. */
export type FederatedAuthProviderName = keyof FederatedAuthProviders;
