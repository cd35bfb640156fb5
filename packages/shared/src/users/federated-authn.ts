import { z } from 'zod';

/**
 * The third-party identity providers a user may sign in with: Activepieces' names (`GOOGLE`,
 * `GITHUB`) and `OIDC`, a platform's own OpenID Connect provider.
 */
export const ThirdPartyAuthnProvider = z.enum(['GOOGLE', 'GITHUB', 'OIDC']);
export type ThirdPartyAuthnProvider = z.infer<typeof ThirdPartyAuthnProvider>;

/** Query of `GET /v1/authn/federated/login`: which provider to sign in with. */
export const FederatedAuthnLoginQuery = z.object({ providerName: ThirdPartyAuthnProvider });
export type FederatedAuthnLoginQuery = z.infer<typeof FederatedAuthnLoginQuery>;

/**
 * Answer of `GET /v1/authn/federated/login`: the provider's consent page to send the browser to.
 * It comes back to the flag THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL with `code` and `state`.
 */
export const FederatedAuthnLoginResponse = z.object({ loginUrl: z.string() });
export type FederatedAuthnLoginResponse = z.infer<typeof FederatedAuthnLoginResponse>;

/**
 * Body of `POST /v1/authn/federated/claim`: the `code` and `state` the provider redirected back
 * with. The state is the server's own (signed, expiring, bound to the platform); the answer is a
 * session, as sign-in's.
 */
export const ClaimTokenRequest = z.object({
  providerName: ThirdPartyAuthnProvider,
  code: z.string().min(1),
  state: z.string().min(1),
});
export type ClaimTokenRequest = z.infer<typeof ClaimTokenRequest>;
