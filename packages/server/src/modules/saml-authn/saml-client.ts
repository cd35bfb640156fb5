/**
 * A platform's SAML 2.0 service provider, built on @node-saml/node-saml (the core of
 * passport-saml). It was chosen over samlify because it is actively maintained, verifies XML
 * signatures with xml-crypto and only trusts what the signature covers (it re-reads the signed
 * assertion, refusing wrapped or multiple assertions), and checks the audience, the
 * NotBefore/NotOnOrAfter conditions with a configurable clock skew and the InResponseTo of
 * SP-initiated sign-ins against a pluggable store, which lets the request IDs live in the database
 * (so any process of a scaled-out server can take the response). samlify needs an external schema
 * validator to be safe and leaves more of these checks to its caller.
 *
 * The client is made per sign-in from the platform's stored settings: the identity provider's
 * SSO URL and entity ID come from its metadata, the signing certificate from `idpCertificate`.
 * Signed assertions are required (a signed response alone is not enough; a signed response
 * around a signed assertion is fine); assertions are not encrypted and requests are not signed.
 */
import { SAML, ValidateInResponseTo, type CacheItem, type CacheProvider } from '@node-saml/node-saml';
import type { SamlAuthnProviderConfig } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { parseIdpMetadata, type IdpMetadata } from './idp-metadata';
import { deleteSamlRequest, findSamlRequest, insertSamlRequest } from './saml-repository';

/** How far the identity provider's clock may be from ours when checking an assertion's times. */
export const CLOCK_SKEW_MS = 60_000;

/** How long an AuthnRequest awaits its response. */
export const REQUEST_LIFETIME_MS = 10 * 60_000;

/** The service provider's addresses for one platform. */
export interface ServiceProviderUrls {
  readonly entityId: string;
  readonly acsUrl: string;
  readonly metadataUrl: string;
}

/**
 * The AuthnRequest IDs of one platform in the `samlRequest` table, as node-saml's cache provider:
 * the database rather than node-saml's in-memory cache, so a response may reach another process
 * than the one that sent the request.
 */
export class SamlRequestIds implements CacheProvider {
  constructor(
    private readonly ctx: Pick<ServerContext, 'store'>,
    private readonly platformId: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Records request `key` (node-saml calls it when it makes an AuthnRequest). */
  async saveAsync(key: string, value: string): Promise<CacheItem> {
    const createdAt = this.nowMs();
    const expiresAt = new Date(createdAt + REQUEST_LIFETIME_MS).toISOString();
    await this.ctx.store.write((trx) =>
      insertSamlRequest(trx, { id: key, platformId: this.platformId, expiresAt }),
    );
    return { value, createdAt };
  }

  /**
   * When request `key` was sent (what node-saml reads back), if it was sent for this platform and
   * has not expired; null otherwise.
   */
  async getAsync(key: string): Promise<string | null> {
    const now = new Date(this.nowMs()).toISOString();
    const row = await findSamlRequest(this.ctx.store.db, this.platformId, key, now);
    return row === undefined ? null : new Date(Date.parse(row.expiresAt) - REQUEST_LIFETIME_MS).toISOString();
  }

  /** Forgets request `key` once its response was taken. */
  async removeAsync(key: string | null): Promise<string | null> {
    if (key === null) return null;
    await this.ctx.store.write((trx) => deleteSamlRequest(trx, key));
    return key;
  }
}

/** A platform's service provider: node-saml's client and the identity provider it trusts. */
export interface SamlClient {
  readonly saml: SAML;
  readonly idp: IdpMetadata;
}

/** The node-saml client for `config` at `urls`, keeping request IDs in `requests`. */
export function samlClient(
  config: SamlAuthnProviderConfig,
  urls: ServiceProviderUrls,
  requests: CacheProvider,
): SamlClient {
  const idp = parseIdpMetadata(config.idpMetadata);
  const saml = new SAML({
    entryPoint: idp.ssoUrl,
    idpCert: config.idpCertificate,
    issuer: urls.entityId,
    callbackUrl: urls.acsUrl,
    audience: urls.entityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: REQUEST_LIFETIME_MS,
    cacheProvider: requests,
    // No NameIDPolicy format and no RequestedAuthnContext: the identity provider's defaults (a
    // required password context turns away users who signed in with a passkey or Kerberos).
    identifierFormat: null,
    disableRequestedAuthnContext: true,
  });
  return { saml, idp };
}
