/**
 * The endpoints of embedding: signing keys (`/v1/signing-keys`, platform admins), managed
 * authentication (`/v1/managed-authn/external-token`, public: the host's signed JWT is the
 * credential) and the origins allowed to frame the web app
 * (`/v1/embed-subdomain/allowed-embed-origins`); reached as `ENDPOINTS.signingKeys`,
 * `ENDPOINTS.managedAuthn` and `ENDPOINTS.embedding`.
 */
import { Page, PageQuery } from '../common/page';
import { AllowedEmbedOrigins, ChangeAllowedEmbedOriginsRequest } from '../platform/allowed-embed-origins';
import { CreatedSigningKey, CreateSigningKeyRequest, SigningKey } from '../projects/signing-key';
import { AuthenticationResponse, ExternalTokenRequest } from '../users/authentication';
import { PLATFORM_ADMIN_ACCESS, PUBLIC_ACCESS } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** A platform's signing keys: create (the private key is answered once), list, get, delete. */
export const SIGNING_KEY_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/signing-keys',
    operationId: 'signingKeys.create',
    summary:
      'Create an RSA signing key pair for embedding (the private key is shown this once, never stored)',
    access: PLATFORM_ADMIN_ACCESS,
    body: CreateSigningKeyRequest,
    status: 201,
    response: CreatedSigningKey,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/signing-keys',
    operationId: 'signingKeys.list',
    summary: "List the platform's signing keys",
    access: PLATFORM_ADMIN_ACCESS,
    query: PageQuery,
    status: 200,
    response: Page(SigningKey),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/signing-keys/:id',
    operationId: 'signingKeys.get',
    summary: 'Get a signing key',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 200,
    response: SigningKey,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/signing-keys/:id',
    operationId: 'signingKeys.delete',
    summary: 'Delete a signing key (JWTs signed with it are refused from then on)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 200,
  }),
};

/** Managed authentication: a host's signed JWT exchanged for a session of the user it names. */
export const MANAGED_AUTHN_ENDPOINTS = {
  externalToken: endpoint({
    method: 'POST',
    path: '/v1/managed-authn/external-token',
    operationId: 'managedAuthn.externalToken',
    summary:
      'Exchange a JWT signed with a platform signing key for a session (creates or updates its project, user and membership)',
    access: PUBLIC_ACCESS,
    body: ExternalTokenRequest,
    status: 200,
    response: AuthenticationResponse,
  }),
};

/** The origins allowed to frame the web app, besides AP_ALLOWED_EMBED_ORIGINS. */
export const EMBEDDING_ENDPOINTS = {
  addAllowedOrigins: endpoint({
    method: 'POST',
    path: '/v1/embed-subdomain/allowed-embed-origins',
    operationId: 'embedding.addAllowedOrigins',
    summary: "Add origins (wildcards like https://*.example.com) to the platform's allowed embed origins",
    access: PLATFORM_ADMIN_ACCESS,
    body: ChangeAllowedEmbedOriginsRequest,
    status: 200,
    response: AllowedEmbedOrigins,
  }),
  listAllowedOrigins: endpoint({
    method: 'GET',
    path: '/v1/embed-subdomain/allowed-embed-origins',
    operationId: 'embedding.listAllowedOrigins',
    summary: "The platform's allowed embed origins (AP_ALLOWED_EMBED_ORIGINS not included)",
    access: PLATFORM_ADMIN_ACCESS,
    status: 200,
    response: AllowedEmbedOrigins,
  }),
  removeAllowedOrigins: endpoint({
    method: 'POST',
    path: '/v1/embed-subdomain/allowed-embed-origins/remove',
    operationId: 'embedding.removeAllowedOrigins',
    summary: "Remove origins from the platform's allowed embed origins",
    access: PLATFORM_ADMIN_ACCESS,
    body: ChangeAllowedEmbedOriginsRequest,
    status: 200,
    response: AllowedEmbedOrigins,
  }),
};
