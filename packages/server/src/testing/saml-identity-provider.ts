/**
 * A SAML 2.0 identity provider on loopback, for tests of SAML sign-in: it publishes metadata
 * (`GET /metadata`), takes AuthnRequests by the HTTP-Redirect binding (`GET /sso`) and answers,
 * like a real identity provider's HTTP-POST binding, with a page that posts a signed SAMLResponse
 * to the request's ACS URL with the RelayState. Responses are built with xmlbuilder2 and signed
 * with xml-crypto (RSA-SHA256, exclusive C14N) by a certificate made by `selfsigned`; a test may
 * also build responses itself (`TestSamlIdentityProvider.response`) and make them go wrong.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { create } from 'xmlbuilder2';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const METADATA = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';

/** A signing key pair and its self-signed certificate (PEM). */
export interface SigningKeys {
  readonly privateKey: string;
  readonly certificate: string;
}

/** Makes a fresh RSA key and self-signed certificate, as an identity provider signs with. */
export async function makeSigningKeys(commonName = 'test-idp'): Promise<SigningKeys> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { privateKey: pems.private, certificate: pems.cert };
}

/** Who a response names, and how it is made (each part can be made wrong). */
export interface ResponseOptions {
  readonly acsUrl: string;
  readonly audience: string;
  readonly email: string;
  readonly firstName?: string | undefined;
  readonly lastName?: string | undefined;
  /** The AuthnRequest answered (absent: an IdP-initiated response). */
  readonly inResponseTo?: string | undefined;
  /** Whether the assertion is signed (default true). */
  readonly signAssertion?: boolean | undefined;
  /** Whether the whole response is signed too (default false). */
  readonly signResponse?: boolean | undefined;
  /** The assertion's NotOnOrAfter (default five minutes from now). */
  readonly notOnOrAfter?: Date | undefined;
  /** The keys that sign (default the provider's own). */
  readonly signer?: SigningKeys | undefined;
  /** The attribute names (default Activepieces': email, firstName, lastName). */
  readonly attributeNames?: { email: string; firstName: string; lastName: string } | undefined;
}

/** The stand-in identity provider. */
export class TestSamlIdentityProvider {
  /** Who the next sign-in through `/sso` is for. */
  user = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
  /** The AuthnRequests received, as the provider read them. */
  readonly requests: { id: string; acsUrl: string; issuer: string; relayState: string | undefined }[] = [];
  /** The forms its pages post to the ACS, in order. */
  readonly posts: { acsUrl: string; SAMLResponse: string; RelayState: string | undefined }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly keys: SigningKeys,
  ) {}

  /** Starts a provider on 127.0.0.1 with fresh keys. */
  static async start(): Promise<TestSamlIdentityProvider> {
    const keys = await makeSigningKeys();
    const started: { provider?: TestSamlIdentityProvider } = {};
    const server = createServer((req, res) => {
      void started.provider!.handle(req.url ?? '/').then(
        ({ status, type, body }) => {
          res.writeHead(status, { 'content-type': type });
          res.end(body);
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(String(error));
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    started.provider = new TestSamlIdentityProvider(server, `http://127.0.0.1:${String(port)}`, keys);
    return started.provider;
  }

  /** The provider's entity ID (its Issuer). */
  get entityId(): string {
    return `${this.url}/entity`;
  }

  /** The provider's SAML metadata XML. */
  metadata(): string {
    const body = this.keys.certificate.replace(/-----[A-Z ]+-----|\s/g, '');
    return create({ version: '1.0' })
      .ele(METADATA, 'md:EntityDescriptor', { entityID: this.entityId })
      .ele(METADATA, 'md:IDPSSODescriptor', { protocolSupportEnumeration: PROTOCOL })
      .ele(METADATA, 'md:KeyDescriptor', { use: 'signing' })
      .ele(DSIG, 'ds:KeyInfo')
      .ele(DSIG, 'ds:X509Data')
      .ele(DSIG, 'ds:X509Certificate')
      .txt(body)
      .up()
      .up()
      .up()
      .up()
      .ele(METADATA, 'md:SingleSignOnService', {
        Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
        Location: `${this.url}/sso`,
      })
      .up()
      .up()
      .end({ headless: true });
  }

  /** A SAMLResponse (base64, as posted) made by `options`. */
  response(options: ResponseOptions): string {
    const now = new Date();
    const notOnOrAfter = (options.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000)).toISOString();
    const issueInstant = new Date(Math.min(now.getTime(), Date.parse(notOnOrAfter) - 60_000)).toISOString();
    const names = options.attributeNames ?? { email: 'email', firstName: 'firstName', lastName: 'lastName' };
    const inResponseTo = options.inResponseTo === undefined ? {} : { InResponseTo: options.inResponseTo };
    const root = create({ version: '1.0' }).ele(PROTOCOL, 'samlp:Response', {
      ID: `_${randomUUID()}`,
      Version: '2.0',
      IssueInstant: issueInstant,
      Destination: options.acsUrl,
      ...inResponseTo,
    });
    root.ele(ASSERTION, 'saml:Issuer').txt(this.entityId);
    root
      .ele(PROTOCOL, 'samlp:Status')
      .ele(PROTOCOL, 'samlp:StatusCode', { Value: 'urn:oasis:names:tc:SAML:2.0:status:Success' });
    const assertion = root.ele(ASSERTION, 'saml:Assertion', {
      ID: `_${randomUUID()}`,
      Version: '2.0',
      IssueInstant: issueInstant,
    });
    assertion.ele(ASSERTION, 'saml:Issuer').txt(this.entityId);
    const subject = assertion.ele(ASSERTION, 'saml:Subject');
    subject
      .ele(ASSERTION, 'saml:NameID', { Format: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress' })
      .txt(options.email);
    subject
      .ele(ASSERTION, 'saml:SubjectConfirmation', { Method: 'urn:oasis:names:tc:SAML:2.0:cm:bearer' })
      .ele(ASSERTION, 'saml:SubjectConfirmationData', {
        NotOnOrAfter: notOnOrAfter,
        Recipient: options.acsUrl,
        ...inResponseTo,
      });
    assertion
      .ele(ASSERTION, 'saml:Conditions', { NotBefore: issueInstant, NotOnOrAfter: notOnOrAfter })
      .ele(ASSERTION, 'saml:AudienceRestriction')
      .ele(ASSERTION, 'saml:Audience')
      .txt(options.audience);
    assertion
      .ele(ASSERTION, 'saml:AuthnStatement', { AuthnInstant: issueInstant, SessionIndex: `_${randomUUID()}` })
      .ele(ASSERTION, 'saml:AuthnContext')
      .ele(ASSERTION, 'saml:AuthnContextClassRef')
      .txt('urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport');
    const attributes = assertion.ele(ASSERTION, 'saml:AttributeStatement');
    const values: [string, string | undefined][] = [
      [names.email, options.email],
      [names.firstName, options.firstName],
      [names.lastName, options.lastName],
    ];
    for (const [name, value] of values) {
      if (value === undefined) continue;
      attributes
        .ele(ASSERTION, 'saml:Attribute', { Name: name })
        .ele(ASSERTION, 'saml:AttributeValue')
        .txt(value);
    }
    let xml = root.end({ headless: true });
    const signer = options.signer ?? this.keys;
    if (options.signAssertion ?? true) xml = sign(xml, signer, 'Assertion');
    if (options.signResponse ?? false) xml = sign(xml, signer, 'Response');
    return Buffer.from(xml).toString('base64');
  }

  /** Stops the provider. */
  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(path: string): Promise<{ status: number; type: string; body: string }> {
    const url = new URL(path, this.url);
    if (url.pathname === '/metadata') {
      return { status: 200, type: 'application/samlmetadata+xml', body: this.metadata() };
    }
    if (url.pathname === '/favicon.ico') return { status: 204, type: 'image/x-icon', body: '' };
    if (url.pathname !== '/sso') return { status: 404, type: 'text/plain', body: 'not found' };
    const encoded = url.searchParams.get('SAMLRequest') ?? '';
    const xml = (await promisify(inflateRaw)(Buffer.from(encoded, 'base64'))).toString('utf8');
    const request = create(xml).root().node as unknown as {
      getAttribute(name: string): string | null;
      getElementsByTagNameNS(
        ns: string,
        name: string,
      ): { item(i: number): { textContent: string | null } | null };
    };
    const relayState = url.searchParams.get('RelayState') ?? undefined;
    const read = {
      id: request.getAttribute('ID') ?? '',
      acsUrl: request.getAttribute('AssertionConsumerServiceURL') ?? '',
      issuer: request.getElementsByTagNameNS(ASSERTION, 'Issuer').item(0)?.textContent ?? '',
      relayState,
    };
    this.requests.push(read);
    const response = this.response({
      acsUrl: read.acsUrl,
      audience: read.issuer,
      inResponseTo: read.id,
      ...this.user,
    });
    this.posts.push({ acsUrl: read.acsUrl, SAMLResponse: response, RelayState: relayState });
    return {
      status: 200,
      type: 'text/html; charset=utf-8',
      body: autoPostPage(read.acsUrl, response, relayState),
    };
  }
}

/** Signs the `element` (Response or Assertion) of `xml`, the signature placed after its Issuer. */
function sign(xml: string, keys: SigningKeys, element: 'Response' | 'Assertion'): string {
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: EXC_C14N,
  });
  const target =
    element === 'Response'
      ? "/*[local-name(.)='Response']"
      : "/*[local-name(.)='Response']/*[local-name(.)='Assertion']";
  signer.addReference({
    xpath: target,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', EXC_C14N],
  });
  signer.computeSignature(xml, {
    location: { reference: `${target}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

/** The HTTP-POST binding's page: a form that posts itself to the ACS. */
function autoPostPage(acsUrl: string, samlResponse: string, relayState: string | undefined): string {
  const field = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return [
    '<!doctype html><html><head><title>Test identity provider</title></head>',
    `<body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(acsUrl)}">`,
    field('SAMLResponse', samlResponse),
    relayState === undefined ? '' : field('RelayState', relayState),
    '<noscript><button type="submit">Continue</button></noscript></form></body></html>',
  ].join('');
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
