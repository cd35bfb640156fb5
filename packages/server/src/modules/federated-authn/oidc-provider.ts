/**
 * Sign-in with a platform's own OpenID Connect provider (`OIDC`), by `openid-client`: discovery
 * of `<issuer>/.well-known/openid-configuration`, the authorization-code flow with PKCE (S256),
 * `state` and `nonce`, and the ID token validated by the library (signature against the
 * provider's JWKS, `iss`, `aud`, `exp`, `nonce`). The email comes from the ID token, else from
 * the userinfo endpoint; one the provider says is not verified (`email_verified: false`) is
 * refused. Every request of the library goes through the SSRF-filtered client (`safeFetch`) with
 * the server's AP_SSRF_ALLOW_LIST; plain-http issuers are refused unless a server option allows
 * them (tests only). Discovered configurations are kept {@link DISCOVERY_TTL_MS} per issuer and
 * client.
 */
import { safeFetch } from '@piecework/pieces';
import { PieceworkError, type OidcAuthnProviderConfig } from '@piecework/shared';
import * as oidc from 'openid-client';
import type { FederatedProfile } from '../identity/federated-profile';

/** How long a provider's discovered configuration (and its cached JWKS) is reused. */
export const DISCOVERY_TTL_MS = 5 * 60_000;

/** The scopes OpenID Connect sign-in asks for. */
export const OIDC_SCOPES = 'openid email profile';

const REQUEST_TIMEOUT_MS = 10_000;

/** One OpenID Connect login: our redirect, the state, the ID token's nonce, the PKCE verifier. */
export interface OidcLogin {
  readonly redirectUrl: string;
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

/** The OpenID Connect sign-ins of a server: discovery (cached), login URLs and code exchanges. */
export class OidcSignIn {
  private readonly configurations = new Map<string, { config: oidc.Configuration; expires: number }>();

  constructor(
    private readonly allowList: readonly string[],
    /** Accept plain-http issuers (a stand-in provider on loopback, in tests). */
    private readonly allowHttpIssuers = false,
  ) {}

  /**
   * The provider's authorization URL for `login`: response type `code`, our scopes, the state,
   * the nonce and the S256 code challenge of the verifier.
   *
   * @throws PieceworkError 400 INVALID_CLAIM when the provider's discovery fails.
   */
  async loginUrl(provider: OidcAuthnProviderConfig, login: OidcLogin): Promise<string> {
    const config = await this.configuration(provider);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: login.redirectUrl,
      response_type: 'code',
      scope: OIDC_SCOPES,
      state: login.state,
      nonce: login.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(login.codeVerifier),
      code_challenge_method: 'S256',
    });
    return url.href;
  }

  /**
   * Exchanges `code` (with the login's PKCE verifier), validates the ID token against the login's
   * nonce and answers who signed in.
   *
   * @throws PieceworkError 400 INVALID_CLAIM when the provider refuses the code or cannot be
   * reached; 401 AUTHENTICATION when the ID token fails validation, no email is named or the
   * provider says the email is not verified.
   */
  async authenticate(
    provider: OidcAuthnProviderConfig,
    login: OidcLogin,
    code: string,
  ): Promise<FederatedProfile> {
    const config = await this.configuration(provider);
    const callback = new URL(login.redirectUrl);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', login.state);
    // The web app forwards `code` and `state` only; the ID token's `iss` is checked regardless.
    const metadata = config.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported === true) {
      callback.searchParams.set('iss', metadata.issuer);
    }
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw refusal(error, 'The identity provider did not accept the sign-in code');
    }
    const claims = tokens.claims();
    if (claims === undefined) throw refused('The identity provider answered without an ID token');
    let profile: Record<string, unknown> = claims;
    if (typeof claims['email'] !== 'string') {
      try {
        profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        throw refusal(error, "The identity provider's userinfo could not be read");
      }
    }
    return profileOf(profile);
  }

  private async configuration(provider: OidcAuthnProviderConfig): Promise<oidc.Configuration> {
    const key = JSON.stringify([provider.issuer, provider.clientId, provider.clientSecret]);
    const now = Date.now();
    const cached = this.configurations.get(key);
    if (cached !== undefined && cached.expires > now) return cached.config;
    const issuer = new URL(provider.issuer);
    if (issuer.protocol !== 'https:' && !this.allowHttpIssuers) {
      throw invalidClaim(`The identity provider's issuer must be an https URL (${issuer.origin})`);
    }
    let discovered: oidc.Configuration;
    try {
      discovered = await oidc.discovery(issuer, provider.clientId, undefined, oidc.None(), {
        [oidc.customFetch]: this.fetch,
        execute: this.allowHttpIssuers ? [oidc.allowInsecureRequests] : [],
      });
    } catch (error) {
      throw invalidClaim(
        `The identity provider could not be reached at ${issuer.origin} (${reasonOf(error)})`,
      );
    }
    const metadata = discovered.serverMetadata();
    const config = new oidc.Configuration(
      metadata,
      provider.clientId,
      undefined,
      clientAuthentication(metadata.token_endpoint_auth_methods_supported, provider.clientSecret),
    );
    config[oidc.customFetch] = this.fetch;
    if (this.allowHttpIssuers) oidc.allowInsecureRequests(config);
    for (const [stale, entry] of this.configurations)
      if (entry.expires <= now) this.configurations.delete(stale);
    this.configurations.set(key, { config, expires: now + DISCOVERY_TTL_MS });
    return config;
  }

  private readonly fetch: oidc.CustomFetch = (url, options) =>
    safeFetch(
      url,
      {
        method: options.method,
        headers: options.headers,
        body: options.body ?? null,
        redirect: options.redirect,
        signal: options.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      },
      { allowList: this.allowList },
    );
}

/**
 * How the client authenticates at the token endpoint: `client_secret_basic` (the default of the
 * standard) unless the provider lists only `client_secret_post`.
 */
function clientAuthentication(methods: readonly string[] | undefined, secret: string): oidc.ClientAuth {
  const postOnly =
    methods !== undefined &&
    methods.includes('client_secret_post') &&
    !methods.includes('client_secret_basic');
  return postOnly ? oidc.ClientSecretPost(secret) : oidc.ClientSecretBasic(secret);
}

function profileOf(claims: Record<string, unknown>): FederatedProfile {
  const email = claims['email'];
  if (typeof email !== 'string' || !email.includes('@')) {
    throw refused('The identity provider names no email address for this user');
  }
  if (claims['email_verified'] === false || claims['email_verified'] === 'false') {
    throw refused('The identity provider has not verified this email address');
  }
  const [local] = email.split('@');
  const [first, ...rest] = (textClaim(claims['name']) ?? '').split(/\s+/).filter(Boolean);
  return {
    email,
    firstName: textClaim(claims['given_name']) ?? first ?? local ?? email,
    lastName: textClaim(claims['family_name']) ?? (rest.length === 0 ? '-' : rest.join(' ')),
  };
}

function textClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The answer to a failed exchange: the provider's refusal (an error answer) or no answer at all
 * is 400 INVALID_CLAIM; a response that fails validation (ID token, state, nonce) is 401.
 */
function refusal(error: unknown, message: string): PieceworkError {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return invalidClaim(`${message} (${error.error})`);
  }
  if (error instanceof oidc.WWWAuthenticateChallengeError)
    return invalidClaim(`${message} (${error.status})`);
  if (error instanceof TypeError) {
    return invalidClaim(`${message}: the identity provider could not be reached (${reasonOf(error)})`);
  }
  if (error instanceof oidc.ClientError) return refused(`${message} (${reasonOf(error)})`);
  throw error;
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`.slice(0, 300);
}

function refused(message: string): PieceworkError {
  return new PieceworkError('AUTHENTICATION', { message, providerName: 'OIDC' });
}

function invalidClaim(message: string): PieceworkError {
  return new PieceworkError('INVALID_CLAIM', { message, providerName: 'OIDC' });
}
