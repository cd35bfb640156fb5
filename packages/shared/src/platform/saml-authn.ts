import { z } from 'zod';
import { Id } from '../common/id';

/**
 * Query of `GET /v1/authn/saml/login` and `GET /v1/authn/saml/metadata`: the platform whose SAML
 * provider is meant; without it, the caller's platform (bearer token) or the server's first one.
 */
export const SamlPlatformQuery = z.object({ platformId: Id.optional() });
export type SamlPlatformQuery = z.infer<typeof SamlPlatformQuery>;

/**
 * Body of `POST /v1/authn/saml/claim`: the one-time code the assertion consumer service put in
 * the web app's `/authenticate` address, exchanged once for the session.
 */
export const SamlClaimRequest = z.object({ code: z.string().min(1).max(200) });
export type SamlClaimRequest = z.infer<typeof SamlClaimRequest>;

/**
 * What a platform admin gives the identity provider (`GET /v1/authn/saml/service-provider`): the
 * service provider's entity ID, its assertion consumer service URL and its metadata URL.
 */
export const SamlServiceProvider = z.object({
  entityId: z.string(),
  acsUrl: z.string(),
  metadataUrl: z.string(),
});
export type SamlServiceProvider = z.infer<typeof SamlServiceProvider>;

/** Body of `POST /v1/authn/saml/idp-metadata`: where the identity provider publishes its metadata. */
export const FetchSamlMetadataRequest = z.object({ url: z.url() });
export type FetchSamlMetadataRequest = z.infer<typeof FetchSamlMetadataRequest>;

/**
 * Answer of `POST /v1/authn/saml/idp-metadata`: the identity provider's metadata XML, and the
 * signing certificate found in it (PEM) when there is one, to fill the SAML settings with.
 */
export const FetchSamlMetadataResponse = z.object({
  idpMetadata: z.string(),
  idpCertificate: z.string().nullable(),
});
export type FetchSamlMetadataResponse = z.infer<typeof FetchSamlMetadataResponse>;
