/**
 * SAML 2.0 single sign-on (`ENDPOINTS.samlAuthn`), at Activepieces' paths `GET
 * /v1/authn/saml/login` and `POST /v1/authn/saml/acs`, plus the service provider's metadata, the
 * exchange of the one-time code the ACS hands the web app, and the admin's helpers.
 */
import { AuthenticationResponse } from '../users/authentication';
import {
  FetchSamlMetadataRequest,
  FetchSamlMetadataResponse,
  SamlClaimRequest,
  SamlPlatformQuery,
  SamlServiceProvider,
} from '../platform/saml-authn';
import { PLATFORM_ADMIN_ACCESS, PUBLIC_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/** The SAML sign-in endpoints. */
export const SAML_ENDPOINTS = {
  login: endpoint({
    method: 'GET',
    path: '/v1/authn/saml/login',
    operationId: 'samlAuthn.login',
    summary: "Redirects the browser to the platform's identity provider with a SAML AuthnRequest",
    access: PUBLIC_ACCESS,
    query: SamlPlatformQuery,
    status: 302,
  }),
  acs: endpoint({
    method: 'POST',
    path: '/v1/authn/saml/acs',
    operationId: 'samlAuthn.acs',
    summary:
      "The assertion consumer service: takes the identity provider's signed SAMLResponse (HTTP-POST binding) and redirects the browser to the web app, signed in",
    access: PUBLIC_ACCESS,
    query: SamlPlatformQuery,
    status: 302,
  }),
  metadata: endpoint({
    method: 'GET',
    path: '/v1/authn/saml/metadata',
    operationId: 'samlAuthn.metadata',
    summary: "The platform's SAML service provider metadata (XML), for the identity provider",
    access: PUBLIC_ACCESS,
    query: SamlPlatformQuery,
    status: 200,
  }),
  claim: endpoint({
    method: 'POST',
    path: '/v1/authn/saml/claim',
    operationId: 'samlAuthn.claim',
    summary: 'Exchanges the one-time code of a SAML sign-in for the session (once, within a minute)',
    access: PUBLIC_ACCESS,
    body: SamlClaimRequest,
    status: 200,
    response: AuthenticationResponse,
  }),
  serviceProvider: endpoint({
    method: 'GET',
    path: '/v1/authn/saml/service-provider',
    operationId: 'samlAuthn.serviceProvider',
    summary: "The values to give the identity provider: this platform's entity ID, ACS URL and metadata URL",
    access: PLATFORM_ADMIN_ACCESS,
    status: 200,
    response: SamlServiceProvider,
  }),
  fetchIdpMetadata: endpoint({
    method: 'POST',
    path: '/v1/authn/saml/idp-metadata',
    operationId: 'samlAuthn.fetchIdpMetadata',
    summary: "Fetches an identity provider's metadata XML from its URL (through the SSRF filter)",
    access: PLATFORM_ADMIN_ACCESS,
    body: FetchSamlMetadataRequest,
    status: 200,
    response: FetchSamlMetadataResponse,
  }),
};
