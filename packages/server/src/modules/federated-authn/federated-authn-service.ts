/**
 * Federated sign-in (Activepieces' `/v1/authn/federated/*`), Google for now. Google is offered on
 * a platform only when the server has AP_GOOGLE_CLIENT_ID and AP_GOOGLE_CLIENT_SECRET and the
 * platform's `googleAuthEnabled` is on. `login` answers Google's consent URL with a state bound
 * to the platform; the browser comes back to THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL with `code`
 * and `state`, and `claim` checks the state (same platform, not expired, Google still enabled),
 * exchanges the code, verifies the ID token and signs the user in, or up.
 */
import {
  PieceworkError,
  type AuthenticationResponse,
  type ClaimTokenRequest,
  type FederatedAuthnLoginResponse,
  type ThirdPartyAuthnProvider,
} from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { IdentityService } from '../identity/identity-service';
import type { SessionOrigin } from '../sessions/session-origin';
import { findPlatformGoogleAuth } from './federated-authn-repository';
import { FederatedStates } from './federated-state';
import {
  GOOGLE_ENDPOINTS,
  GoogleSignIn,
  googleClientOf,
  googleLoginUrl,
  type GoogleEndpoints,
} from './google-provider';

/** Options of federated sign-in (tests only: a stand-in provider's endpoints). */
export interface FederatedAuthnOptions {
  /** Google's endpoints; default {@link GOOGLE_ENDPOINTS}. */
  readonly google?: GoogleEndpoints | undefined;
}

/** Where the provider sends the browser back: the UI's `/redirect` page (the path Activepieces uses). */
export function federatedRedirectUrl(ctx: Pick<ServerContext, 'settings'>): string {
  return `${ctx.settings.publicUrl}redirect`;
}

/** Whether Google sign-in is offered on `platformId`: both variables set and the platform's toggle on. */
export async function isGoogleSignInEnabled(
  ctx: Pick<ServerContext, 'settings' | 'store'>,
  platformId: string | undefined,
): Promise<boolean> {
  if (googleClientOf(ctx.settings.config) === undefined || platformId === undefined) return false;
  const platform = await findPlatformGoogleAuth(ctx.store.db, platformId);
  return platform?.googleAuthEnabled === 1;
}

/**
 * What federated sign-in uses from the server context: its settings and store, plus what the
 * identity service it signs users in with needs.
 */
export type FederatedAuthnDependencies = Pick<ServerContext, 'settings' | 'store'> &
  ConstructorParameters<typeof IdentityService>[0];

/** The login and claim of federated sign-in. */
export class FederatedAuthnService {
  private readonly states: FederatedStates;
  private readonly identity: IdentityService;
  private google: GoogleSignIn | undefined;

  constructor(
    private readonly ctx: FederatedAuthnDependencies,
    private readonly options: FederatedAuthnOptions = {},
  ) {
    this.states = new FederatedStates(ctx.settings.jwtSecret);
    this.identity = new IdentityService(ctx);
  }

  /** Google's consent URL for a sign-in on `platformId`. 404 when Google sign-in is not offered there. */
  async login(
    platformId: string | undefined,
    provider: ThirdPartyAuthnProvider,
  ): Promise<FederatedAuthnLoginResponse> {
    const enabledOn = await this.enabledPlatform(platformId, provider);
    const { state, nonce } = await this.states.issue(enabledOn, provider);
    const client = this.client();
    const loginUrl = googleLoginUrl(this.endpoints(), client, {
      redirectUrl: federatedRedirectUrl(this.ctx),
      state,
      nonce,
    });
    return { loginUrl };
  }

  /**
   * Signs in (or up) the user Google names for the `code`, after checking the `state`: issued by
   * this server for the platform the request is for, not expired, Google still enabled there.
   */
  async claim(
    platformId: string | undefined,
    request: ClaimTokenRequest,
    origin: SessionOrigin,
  ): Promise<AuthenticationResponse> {
    const state = await this.states.verify(request.state, request.providerName);
    if (state.platformId !== platformId) {
      throw new PieceworkError('AUTHENTICATION', {
        message: 'The sign-in state belongs to another platform: start the sign-in again',
        providerName: request.providerName,
      });
    }
    await this.enabledPlatform(state.platformId, request.providerName);
    this.google ??= new GoogleSignIn(this.endpoints(), this.client(), this.ctx.settings.config.ssrfAllowList);
    const profile = await this.google.authenticate(request.code, federatedRedirectUrl(this.ctx), state.nonce);
    return this.identity.signInFederated(profile, origin);
  }

  private async enabledPlatform(
    platformId: string | undefined,
    provider: ThirdPartyAuthnProvider,
  ): Promise<string> {
    if (platformId === undefined || !(await isGoogleSignInEnabled(this.ctx, platformId))) {
      throw new PieceworkError('ENTITY_NOT_FOUND', {
        message: `Sign-in with ${provider} is not enabled here`,
        entityType: 'authnProvider',
        entityId: provider,
      });
    }
    return platformId;
  }

  private client() {
    const client = googleClientOf(this.ctx.settings.config);
    if (client === undefined) throw new Error('Google sign-in is not configured');
    return client;
  }

  private endpoints(): GoogleEndpoints {
    return this.options.google ?? GOOGLE_ENDPOINTS;
  }
}
