/**
 * Google sign-in by the authorization-code flow (OpenID Connect): the consent URL, the code
 * exchanged at Google's token endpoint, and the ID token verified (RS256 signature against
 * Google's JWKS, `iss`, `aud` = our client id, `exp`, the login's `nonce`, `email_verified`).
 * Every request goes through the SSRF-filtered client (`safeFetch`) with the server's
 * AP_SSRF_ALLOW_LIST. The endpoints are Google's; a server option replaces them (tests run a
 * provider of their own on loopback), never an environment variable.
 */
import { safeFetch } from '@piecework/pieces';
import { PieceworkError, type PieceworkConfig } from '@piecework/shared';
import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTPayload } from 'jose';
import { requestTokens, TokenEndpointError } from '../connections/oauth2/token-endpoint';
import type { FederatedProfile } from '../identity/federated-profile';

/** Where Google's authorization-code flow is served, and who signs its ID tokens. */
export interface GoogleEndpoints {
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  readonly jwksUrl: string;
  /** Accepted `iss` values of the ID token. */
  readonly issuers: readonly string[];
}

/** Google's own endpoints (its OpenID configuration). */
export const GOOGLE_ENDPOINTS: GoogleEndpoints = {
  authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  issuers: ['https://accounts.google.com', 'accounts.google.com'],
};

/** The server's Google OAuth client (AP_GOOGLE_CLIENT_ID and AP_GOOGLE_CLIENT_SECRET). */
export interface GoogleClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** The Google client when both variables are set; undefined otherwise (Google sign-in is off). */
export function googleClientOf(
  config: Pick<PieceworkConfig, 'googleClientId' | 'googleClientSecret'>,
): GoogleClient | undefined {
  const { googleClientId: clientId, googleClientSecret: clientSecret } = config;
  return clientId === undefined || clientSecret === undefined ? undefined : { clientId, clientSecret };
}

/** The account chooser URL for one login: our client, redirect, state and nonce. */
export function googleLoginUrl(
  endpoints: GoogleEndpoints,
  client: GoogleClient,
  login: { redirectUrl: string; state: string; nonce: string },
): string {
  const url = new URL(endpoints.authorizationUrl);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', login.redirectUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', login.state);
  url.searchParams.set('nonce', login.nonce);
  return url.href;
}

/** Verifies Google's ID tokens against its JWKS (fetched through the SSRF filter, cached). */
export class GoogleSignIn {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly endpoints: GoogleEndpoints,
    private readonly client: GoogleClient,
    private readonly allowList: readonly string[],
  ) {
    this.keys = createRemoteJWKSet(new URL(endpoints.jwksUrl), {
      [customFetch]: (url, init) => safeFetch(url, init, { allowList }),
    });
  }

  /**
   * Exchanges `code` for tokens and answers the verified profile of the ID token.
   *
   * @throws PieceworkError 400 INVALID_CLAIM when the token endpoint refuses the code; 401
   * AUTHENTICATION when the ID token is missing or fails verification (signature, issuer,
   * audience, expiry, nonce, an unverified email).
   */
  async authenticate(code: string, redirectUrl: string, nonce: string): Promise<FederatedProfile> {
    let tokens: Record<string, unknown>;
    try {
      tokens = await requestTokens({
        tokenUrl: this.endpoints.tokenUrl,
        fields: { grant_type: 'authorization_code', code, redirect_uri: redirectUrl },
        clientId: this.client.clientId,
        clientSecret: this.client.clientSecret,
        authorizationMethod: 'BODY',
        allowList: this.allowList,
      });
    } catch (error) {
      if (!(error instanceof TokenEndpointError)) throw error;
      throw new PieceworkError('INVALID_CLAIM', {
        message: `Google did not accept the sign-in code: ${error.message}`,
        providerName: 'GOOGLE',
      });
    }
    const idToken = tokens['id_token'];
    if (typeof idToken !== 'string') throw refused('Google answered without an ID token');
    return this.verify(idToken, nonce);
  }

  private async verify(idToken: string, nonce: string): Promise<FederatedProfile> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        issuer: [...this.endpoints.issuers],
        audience: this.client.clientId,
        algorithms: ['RS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      if (error instanceof errors.JOSEError) throw refused(`The ID token is not valid (${error.code})`);
      throw error;
    }
    if (payload['nonce'] !== nonce) throw refused('The ID token was not issued for this sign-in');
    const email = payload['email'];
    if (typeof email !== 'string' || email === '') throw refused('The ID token names no email');
    if (payload['email_verified'] !== true && payload['email_verified'] !== 'true') {
      throw refused('Google has not verified this email address');
    }
    const [local] = email.split('@');
    return {
      email,
      firstName: textClaim(payload['given_name']) ?? local ?? email,
      lastName: textClaim(payload['family_name']) ?? '-',
    };
  }
}

function textClaim(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function refused(message: string): PieceworkError {
  return new PieceworkError('AUTHENTICATION', { message, providerName: 'GOOGLE' });
}
