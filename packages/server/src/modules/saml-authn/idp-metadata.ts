/**
 * What the service provider needs of an identity provider's SAML metadata: its entity ID (the
 * Issuer its assertions must carry), its single sign-on URL, and the signing certificate it
 * publishes (offered to fill the settings; sign-in checks against the certificate the admin saved).
 * The XML is read with xmlbuilder2's parser and the metadata namespace, never with text matching.
 */
import { PieceworkError } from '@piecework/shared';
import { create } from 'xmlbuilder2';

const METADATA_NS = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The identity provider as its metadata describes it. */
export interface IdpMetadata {
  readonly entityId: string;
  /** Where the browser is sent with the AuthnRequest (HTTP-Redirect binding). */
  readonly ssoUrl: string;
  /** The signing certificate of the metadata as PEM, when it lists one. */
  readonly signingCertificate: string | null;
}

/**
 * Reads `xml` as SAML 2.0 metadata of an identity provider.
 *
 * @throws PieceworkError 409 VALIDATION naming what is missing (no EntityDescriptor, no
 *   IDPSSODescriptor, no HTTP-Redirect SingleSignOnService).
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  let document: XmlElement;
  try {
    document = create(xml).node as unknown as XmlElement;
  } catch {
    throw invalidMetadata('The SAML metadata is not well-formed XML');
  }
  const entity = elementsOf(document, METADATA_NS, 'EntityDescriptor')[0];
  const entityId = entity?.getAttribute('entityID') ?? '';
  if (entity === undefined || entityId === '') {
    throw invalidMetadata('The SAML metadata has no EntityDescriptor with an entityID');
  }
  const descriptor = elementsOf(entity, METADATA_NS, 'IDPSSODescriptor')[0];
  if (descriptor === undefined) throw invalidMetadata('The SAML metadata has no IDPSSODescriptor');
  const services = elementsOf(descriptor, METADATA_NS, 'SingleSignOnService');
  const ssoUrl = services
    .find((service) => service.getAttribute('Binding') === REDIRECT_BINDING)
    ?.getAttribute('Location');
  if (ssoUrl === null || ssoUrl === undefined || !URL.canParse(ssoUrl)) {
    throw invalidMetadata('The SAML metadata has no SingleSignOnService with the HTTP-Redirect binding');
  }
  return { entityId, ssoUrl, signingCertificate: signingCertificateOf(descriptor) };
}

/** The DOM parts read here, as xmlbuilder2's parsed document offers them. */
interface XmlElement {
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(
    namespace: string,
    localName: string,
  ): { length: number; item(index: number): XmlElement | null };
  readonly textContent: string | null;
}

function elementsOf(parent: XmlElement, namespace: string, localName: string): XmlElement[] {
  const found = parent.getElementsByTagNameNS(namespace, localName);
  const elements: XmlElement[] = [];
  for (let index = 0; index < found.length; index += 1) {
    const element = found.item(index);
    if (element !== null) elements.push(element);
  }
  return elements;
}

function signingCertificateOf(descriptor: XmlElement): string | null {
  const keys = elementsOf(descriptor, METADATA_NS, 'KeyDescriptor');
  const signing = keys.find((key) => (key.getAttribute('use') ?? 'signing') === 'signing');
  const body =
    signing === undefined ? undefined : elementsOf(signing, DSIG_NS, 'X509Certificate')[0]?.textContent;
  const base64 = body?.replace(/\s+/g, '') ?? '';
  if (base64 === '') return null;
  const lines = base64.match(/.{1,64}/g) ?? [];
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----'].join('\n');
}

function invalidMetadata(message: string): PieceworkError {
  return new PieceworkError('VALIDATION', { message });
}
