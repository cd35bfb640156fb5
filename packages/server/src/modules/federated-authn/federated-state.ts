/**
 * The `state` of a federated sign-in: an HS256 JWT the server signs at login and checks at claim,
 * valid {@link STATE_LIFETIME_SECONDS}, naming the platform the sign-in started on, the provider and
 * the `nonce` the provider must put in its ID token (so an ID token from another sign-in is
 * refused). Its key is derived from AP_JWT_SECRET for this use alone, so a state is never a
 * session token nor the other way round.
 *
 * The PKCE code verifier (OpenID Connect sign-in) is not in the state, which the browser and the
 * provider see: the server derives it from the state's random `nonce` with a second key of its
 * own (HMAC-SHA256), at login for the code challenge and again at claim for the token request,
 * so a state carries what it needs without revealing the verifier and no server-side storage is
 * involved.
 */
import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { PieceworkError, type ThirdPartyAuthnProvider } from '@piecework/shared';
import { jwtVerify, SignJWT } from 'jose';

/** How long a login may take from the server's login URL to the claim. */
export const STATE_LIFETIME_SECONDS = 600;

const ISSUER = 'piecework';
const AUDIENCE = 'piecework-federated-state';

/** What a valid state says. */
export interface FederatedState {
  readonly platformId: string;
  readonly nonce: string;
  /** The PKCE code verifier of this sign-in (43 base64url characters), derived, never sent in the state. */
  readonly codeVerifier: string;
}

/** Issues and checks the states of federated sign-ins. */
export class FederatedStates {
  private readonly key: KeyObject;
  private readonly verifierKey: Buffer;

  constructor(
    jwtSecret: Uint8Array,
    /** The clock in seconds since the epoch (tests make old states with it). */
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.key = createSecretKey(
      createHmac('sha256', jwtSecret).update('piecework federated-authn state').digest(),
    );
    this.verifierKey = createHmac('sha256', jwtSecret).update('piecework federated-authn pkce').digest();
  }

  /** A new state (with its nonce and PKCE code verifier) for a sign-in with `provider` on `platformId`. */
  async issue(
    platformId: string,
    provider: ThirdPartyAuthnProvider,
  ): Promise<{ state: string; nonce: string; codeVerifier: string }> {
    const nonce = randomBytes(16).toString('base64url');
    const now = this.nowSeconds();
    const state = await new SignJWT({ platformId, provider, nonce })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + STATE_LIFETIME_SECONDS)
      .sign(this.key);
    return { state, nonce, codeVerifier: this.codeVerifierOf(nonce) };
  }

  /**
   * The platform and nonce of a state this server issued for `provider` and that has not expired.
   *
   * @throws PieceworkError 401 AUTHENTICATION for anything else (forged, expired, another provider's).
   */
  async verify(state: string, provider: ThirdPartyAuthnProvider): Promise<FederatedState> {
    const payload = await jwtVerify(state, this.key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat'],
    }).then(
      (result) => result.payload,
      () => undefined,
    );
    const { platformId, nonce } = payload ?? {};
    if (payload?.['provider'] !== provider || typeof platformId !== 'string' || typeof nonce !== 'string') {
      throw new PieceworkError('AUTHENTICATION', {
        message: 'The sign-in state is invalid or expired: start the sign-in again',
        providerName: provider,
      });
    }
    return { platformId, nonce, codeVerifier: this.codeVerifierOf(nonce) };
  }

  private codeVerifierOf(nonce: string): string {
    return createHmac('sha256', this.verifierKey).update(nonce).digest('base64url');
  }
}
