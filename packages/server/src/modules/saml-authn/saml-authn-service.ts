/**
 * SAML 2.0 sign-in to a platform (Activepieces' `/v1/authn/saml/*`). `login` answers the identity
 * provider's URL with an AuthnRequest (HTTP-Redirect binding) and a RelayState bound to the
 * platform; the provider posts its signed response to the assertion consumer service (`acs`),
 * which checks it (signature by the saved certificate, issuer, audience, times, InResponseTo,
 * not seen before), signs the user in or up on that platform, and hands the web app a one-time
 * code that `claim` exchanges for the session (no session token travels in a URL).
 *
 * Which platform an ACS request is for: the `platformId` of the ACS URL (each platform's ACS URL
 * carries it, as Activepieces' cloud does), else the platform of a valid RelayState, else the
 * server's first platform (a self-hosted server, as federated sign-in decides). A valid RelayState
 * naming another platform than the URL is refused.
 */
import { createHash, randomBytes } from 'node:crypto';
import { generateServiceProviderMetadata, type Profile } from '@node-saml/node-saml';
import { safeFetch, SsrfBlockedError } from '@piecework/pieces';
import {
  AuthenticationResponse,
  PieceworkError,
  type FetchSamlMetadataResponse,
  type SamlAuthnProviderConfig,
  type SamlServiceProvider,
} from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { firstPlatformId } from '../access/server-admin';
import type { SessionOrigin } from '../sessions/session-origin';
import { IdentityService } from '../identity/identity-service';
import { findFederatedAuthProviders } from '../platforms/federated-auth-providers';
import { parseIdpMetadata } from './idp-metadata';
import { samlProfileOf } from './saml-attributes';
import { CLOCK_SKEW_MS, samlClient, SamlRequestIds, type ServiceProviderUrls } from './saml-client';
import { SamlRelayStates } from './saml-relay-state';
import {
  deleteExpiredSamlRows,
  insertConsumedAssertion,
  insertSignInCode,
  takeSignInCode,
} from './saml-repository';

/** How long the web app has to exchange the ACS's one-time code. */
export const SIGN_IN_CODE_LIFETIME_MS = 60_000;

/** How long an assertion without any NotOnOrAfter is remembered as consumed. */
const UNDATED_ASSERTION_MEMORY_MS = 24 * 60 * 60_000;

/** The largest IdP metadata document fetched from a URL. */
const MAX_METADATA_BYTES = 1024 * 1024;

/** What SAML sign-in uses from the server context. */
export type SamlAuthnDependencies = Pick<ServerContext, 'settings' | 'store' | 'secrets' | 'logger'> &
  ConstructorParameters<typeof IdentityService>[0];

/** The form fields the identity provider posts to the ACS. */
export interface AcsForm {
  readonly SAMLResponse?: string | undefined;
  readonly RelayState?: string | undefined;
}

/** SAML login, assertion consumer service, code exchange and the admin's helpers. */
export class SamlAuthnService {
  private readonly relayStates: SamlRelayStates;
  private readonly identity: IdentityService;

  constructor(private readonly ctx: SamlAuthnDependencies) {
    this.relayStates = new SamlRelayStates(ctx.settings.jwtSecret);
    this.identity = new IdentityService(ctx);
  }

  /** The service provider's entity ID, ACS URL and metadata URL for `platformId`. */
  urls(platformId: string): ServiceProviderUrls {
    const api = `${this.ctx.settings.publicUrl}api/v1/authn/saml`;
    const query = `?platformId=${encodeURIComponent(platformId)}`;
    return {
      entityId: `${api}/metadata${query}`,
      acsUrl: `${api}/acs${query}`,
      metadataUrl: `${api}/metadata${query}`,
    };
  }

  /** The values of `urls`, in the shape the admin's page shows. */
  serviceProvider(platformId: string): SamlServiceProvider {
    return this.urls(platformId);
  }

  /** The service provider metadata XML of `platformId` (offered before SAML is set up, too). */
  metadata(platformId: string): string {
    const urls = this.urls(platformId);
    return generateServiceProviderMetadata({
      issuer: urls.entityId,
      callbackUrl: urls.acsUrl,
      wantAssertionsSigned: true,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    });
  }

  /**
   * The identity provider's sign-in URL for `platformId`, with a new AuthnRequest (its ID kept
   * for the response's InResponseTo) and a RelayState bound to the platform.
   *
   * @throws PieceworkError 404 ENTITY_NOT_FOUND when the platform has no SAML provider.
   */
  async login(platformId: string | undefined): Promise<string> {
    const { id, config } = await this.providerOf(platformId);
    const { saml } = samlClient(config, this.urls(id), new SamlRequestIds(this.ctx, id));
    return saml.getAuthorizeUrlAsync(this.relayStates.issue(id), undefined, {});
  }

  /**
   * Takes a posted SAMLResponse and answers where to send the browser: the web app's
   * `/authenticate` page with a one-time code on success, the sign-in page with the reason
   * otherwise. Nothing is written on a refusal but the consumed assertion ID.
   */
  async acs(queryPlatformId: string | undefined, form: AcsForm, origin: SessionOrigin): Promise<string> {
    try {
      const session = await this.consume(queryPlatformId, form, origin);
      const code = randomBytes(32).toString('base64url');
      await this.ctx.store.write((trx) =>
        insertSignInCode(trx, {
          codeHash: hashOf(code),
          platformId: session.platformId,
          session: this.ctx.secrets.seal(session),
          expiresAt: new Date(Date.now() + SIGN_IN_CODE_LIFETIME_MS).toISOString(),
        }),
      );
      return `${this.ctx.settings.publicUrl}authenticate?code=${encodeURIComponent(code)}`;
    } catch (error) {
      if (!(error instanceof PieceworkError)) throw error;
      this.ctx.logger.warn({ code: error.code, reason: error.message }, 'SAML sign-in refused');
      return `${this.ctx.settings.publicUrl}sign-in?error=${encodeURIComponent(error.message)}`;
    }
  }

  /**
   * The session of a one-time code from the ACS, once.
   *
   * @throws PieceworkError 401 AUTHENTICATION for an unknown, used or expired code.
   */
  async claim(code: string): Promise<AuthenticationResponse> {
    const row = await this.ctx.store.write((trx) => takeSignInCode(trx, hashOf(code), this.ctx.now()));
    if (row === undefined) {
      throw new PieceworkError('AUTHENTICATION', {
        message: 'This sign-in link was used already or has expired: sign in again',
      });
    }
    return AuthenticationResponse.parse(this.ctx.secrets.open(row.session));
  }

  /**
   * The metadata XML at `url` (fetched through the SSRF filter) and the signing certificate it
   * lists, once it reads as an identity provider's metadata.
   */
  async fetchIdpMetadata(url: string): Promise<FetchSamlMetadataResponse> {
    let text: string;
    try {
      const response = await safeFetch(
        url,
        { headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } },
        { allowList: this.ctx.settings.config.ssrfAllowList },
      );
      text = await response.text();
      if (!response.ok) {
        throw new PieceworkError('VALIDATION', {
          message: `The metadata URL answered ${String(response.status)}`,
        });
      }
    } catch (error) {
      const blocked = ssrfErrorOf(error);
      if (blocked !== undefined) {
        throw new PieceworkError('SSRF_BLOCKED', {
          message: blocked.message,
          host: blocked.host,
          address: blocked.address,
          reason: blocked.reason,
        });
      }
      if (error instanceof PieceworkError) throw error;
      throw new PieceworkError('VALIDATION', {
        message: `The metadata URL did not answer (${error instanceof Error ? error.message : String(error)})`,
      });
    }
    if (Buffer.byteLength(text) > MAX_METADATA_BYTES) {
      throw new PieceworkError('VALIDATION', { message: 'The metadata is larger than 1 MiB' });
    }
    const metadata = parseIdpMetadata(text);
    return { idpMetadata: text, idpCertificate: metadata.signingCertificate };
  }

  /** Validates the response and signs its user in; throws PieceworkError for every refusal. */
  private async consume(
    queryPlatformId: string | undefined,
    form: AcsForm,
    origin: SessionOrigin,
  ): Promise<AuthenticationResponse & { platformId: string }> {
    const relayed = this.relayStates.verify(form.RelayState);
    if (queryPlatformId !== undefined && relayed !== undefined && relayed !== queryPlatformId) {
      throw invalidResponse('The SAML response came back for another platform than the sign-in started on');
    }
    const { id: platformId, config } = await this.providerOf(queryPlatformId ?? relayed);
    if (form.SAMLResponse === undefined || form.SAMLResponse === '') {
      throw invalidResponse('The identity provider posted no SAMLResponse');
    }
    const client = samlClient(config, this.urls(platformId), new SamlRequestIds(this.ctx, platformId));
    const profile = await client.saml.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }).then(
      (result) => result.profile,
      (error: unknown) => {
        throw invalidResponse(
          `The SAML response was refused: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
    if (profile === null) throw invalidResponse('The SAML response holds no assertion');
    if (profile.issuer !== client.idp.entityId) {
      throw invalidResponse(`The assertion was issued by ${profile.issuer}, not by ${client.idp.entityId}`);
    }
    const person = samlProfileOf(profile);
    if (person === undefined) {
      throw invalidResponse(
        'The assertion names no email address (send an `email` attribute or an email NameID)',
      );
    }
    const assertion = assertionIdentity(profile);
    const now = this.ctx.now();
    const fresh = await this.ctx.store.write(async (trx) => {
      await deleteExpiredSamlRows(trx, now);
      return insertConsumedAssertion(trx, { ...assertion, platformId });
    });
    if (!fresh) throw invalidResponse('This SAML assertion was used already');
    const answer = await this.identity.signInFederated(person, origin, {
      kind: 'JUST_IN_TIME',
      platformId,
      platformRole: config.defaultPlatformRole,
    });
    return { ...answer, platformId };
  }

  /** The platform and its SAML settings. 404 ENTITY_NOT_FOUND when it has none. */
  private async providerOf(
    platformId: string | undefined,
  ): Promise<{ id: string; config: SamlAuthnProviderConfig }> {
    const id = platformId ?? (await firstPlatformId(this.ctx));
    const config = id === undefined ? undefined : (await findFederatedAuthProviders(this.ctx, id)).saml;
    if (id === undefined || config === undefined) {
      throw new PieceworkError('ENTITY_NOT_FOUND', {
        message: 'SAML single sign-on is not set up on this platform',
        entityType: 'authnProvider',
        entityId: 'saml',
      });
    }
    return { id, config };
  }
}

/** The assertion's ID and until when it must be remembered (its latest NotOnOrAfter, plus the skew). */
function assertionIdentity(profile: Profile): { id: string; expiresAt: string } {
  const parsed = profile.getAssertion?.() as { Assertion?: AssertionXml } | undefined;
  const assertion = parsed?.Assertion;
  const id = assertion?.$?.['ID'];
  if (id === undefined || id === '') throw invalidResponse('The assertion has no ID');
  const times = [
    ...(assertion?.Conditions ?? []).map((c) => c.$?.['NotOnOrAfter']),
    ...(assertion?.Subject ?? []).flatMap((s) =>
      (s.SubjectConfirmation ?? []).flatMap((c) =>
        (c.SubjectConfirmationData ?? []).map((d) => d.$?.['NotOnOrAfter']),
      ),
    ),
  ]
    .map((value) => (value === undefined ? NaN : Date.parse(value)))
    .filter((ms) => !Number.isNaN(ms));
  const until =
    times.length === 0 ? Date.now() + UNDATED_ASSERTION_MEMORY_MS : Math.max(...times) + CLOCK_SKEW_MS;
  return { id, expiresAt: new Date(until).toISOString() };
}

/** The parts of an assertion, as node-saml parses it (xml2js), that hold its ID and expiries. */
interface AssertionXml {
  $?: Record<string, string>;
  Conditions?: { $?: Record<string, string> }[];
  Subject?: { SubjectConfirmation?: { SubjectConfirmationData?: { $?: Record<string, string> }[] }[] }[];
}

/** The SSRF filter's refusal in `error` or its causes, if that is what failed. */
function ssrfErrorOf(error: unknown): SsrfBlockedError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    if (cause instanceof SsrfBlockedError) return cause;
  }
  return undefined;
}

function invalidResponse(message: string): PieceworkError {
  return new PieceworkError('INVALID_SAML_RESPONSE', { message });
}

function hashOf(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}
