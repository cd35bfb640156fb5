/**
 * Federated sign-in (Activepieces' `/v1/authn/federated/*`): Google, GitHub and a platform's own
 * OpenID Connect provider. Google is offered on a platform only when the server has
 * AP_GOOGLE_CLIENT_ID and AP_GOOGLE_CLIENT_SECRET and the platform's `googleAuthEnabled` is on;
 * GitHub and OpenID Connect when the platform's `federatedAuthProviders` set them up. `login`
 * answers the provider's consent URL with a state bound to the platform; the browser comes back
 * to THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL with `code` and `state`, and `claim` checks the state
 * (same platform, same provider, not expired, the provider still set up there), exchanges the
 * code and signs the user in, or up: Google and GitHub users under the sign-up policy, OpenID
 * Connect users just in time onto the platform with the provider's default role.
 */
import {
  PieceworkError,
  type AuthenticationResponse,
  type ClaimTokenRequest,
  type FederatedAuthnLoginResponse,
  type GithubAuthnProviderConfig,
  type OidcAuthnProviderConfig,
  type ThirdPartyAuthnProvider,
} from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { IdentityService } from '../identity/identity-service';
import { findFederatedAuthProviders } from '../platforms/federated-auth-providers';
import type { SessionOrigin } from '../sessions/session-origin';
import { findPlatformGoogleAuth } from './federated-authn-repository';
import { FederatedStates } from './federated-state';
import {
  authenticateWithGithub,
  GITHUB_ENDPOINTS,
  githubLoginUrl,
  type GithubEndpoints,
} from './github-provider';
import {
  GOOGLE_ENDPOINTS,
  GoogleSignIn,
  googleClientOf,
  googleLoginUrl,
  type GoogleClient,
  type GoogleEndpoints,
} from './google-provider';
import { OidcSignIn } from './oidc-provider';

/** Options of federated sign-in (tests only: stand-in providers on loopback). */
export interface FederatedAuthnOptions {
  /** Google's endpoints; default {@link GOOGLE_ENDPOINTS}. */
  readonly google?: GoogleEndpoints | undefined;
  /** GitHub's endpoints; default {@link GITHUB_ENDPOINTS}. */
  readonly github?: GithubEndpoints | undefined;
  /** Accept plain-http OpenID Connect issuers; default false. */
  readonly oidcAllowHttpIssuers?: boolean | undefined;
}

/** A provider as set up on the platform a sign-in is for. */
type EnabledProvider =
  | { readonly name: 'GOOGLE'; readonly client: GoogleClient }
  | { readonly name: 'GITHUB'; readonly app: GithubAuthnProviderConfig }
  | { readonly name: 'OIDC'; readonly provider: OidcAuthnProviderConfig };

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
export type FederatedAuthnDependencies = Pick<ServerContext, 'settings' | 'store' | 'secrets'> &
  ConstructorParameters<typeof IdentityService>[0];

/** The login and claim of federated sign-in. */
export class FederatedAuthnService {
  private readonly states: FederatedStates;
  private readonly identity: IdentityService;
  private readonly oidc: OidcSignIn;
  private google: GoogleSignIn | undefined;

  constructor(
    private readonly ctx: FederatedAuthnDependencies,
    private readonly options: FederatedAuthnOptions = {},
  ) {
    this.states = new FederatedStates(ctx.settings.jwtSecret);
    this.identity = new IdentityService(ctx);
    this.oidc = new OidcSignIn(ctx.settings.config.ssrfAllowList, options.oidcAllowHttpIssuers ?? false);
  }

  /**
   * The provider's consent URL for a sign-in on `platformId`. 404 when `provider` is not offered
   * there; 400 INVALID_CLAIM when an OpenID Connect provider's discovery fails.
   */
  async login(
    platformId: string | undefined,
    provider: ThirdPartyAuthnProvider,
  ): Promise<FederatedAuthnLoginResponse> {
    const enabled = await this.enabledProvider(platformId, provider);
    const { state, nonce, codeVerifier } = await this.states.issue(enabled.platformId, provider);
    const redirectUrl = federatedRedirectUrl(this.ctx);
    switch (enabled.name) {
      case 'GOOGLE':
        return {
          loginUrl: googleLoginUrl(this.googleEndpoints(), enabled.client, { redirectUrl, state, nonce }),
        };
      case 'GITHUB':
        return { loginUrl: githubLoginUrl(this.githubEndpoints(), enabled.app, { redirectUrl, state }) };
      case 'OIDC':
        return {
          loginUrl: await this.oidc.loginUrl(enabled.provider, { redirectUrl, state, nonce, codeVerifier }),
        };
    }
  }

  /**
   * Signs in (or up) the user the provider names for the `code`, after checking the `state`:
   * issued by this server for this provider and the platform the request is for, not expired,
   * the provider still offered there (else 404).
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
    const enabled = await this.enabledProvider(state.platformId, request.providerName);
    const redirectUrl = federatedRedirectUrl(this.ctx);
    const allowList = this.ctx.settings.config.ssrfAllowList;
    switch (enabled.name) {
      case 'GOOGLE': {
        this.google ??= new GoogleSignIn(this.googleEndpoints(), enabled.client, allowList);
        const profile = await this.google.authenticate(request.code, redirectUrl, state.nonce);
        return this.identity.signInFederated(profile, origin);
      }
      case 'GITHUB': {
        const profile = await authenticateWithGithub(this.githubEndpoints(), enabled.app, {
          code: request.code,
          redirectUrl,
          allowList,
        });
        return this.identity.signInFederated(profile, origin);
      }
      case 'OIDC': {
        const login = {
          redirectUrl,
          state: request.state,
          nonce: state.nonce,
          codeVerifier: state.codeVerifier,
        };
        const profile = await this.oidc.authenticate(enabled.provider, login, request.code);
        return this.identity.signInFederated(profile, origin, {
          kind: 'JUST_IN_TIME',
          platformId: enabled.platformId,
          platformRole: enabled.provider.defaultPlatformRole,
        });
      }
    }
  }

  private async enabledProvider(
    platformId: string | undefined,
    provider: ThirdPartyAuthnProvider,
  ): Promise<EnabledProvider & { readonly platformId: string }> {
    if (platformId !== undefined) {
      if (provider === 'GOOGLE') {
        const client = googleClientOf(this.ctx.settings.config);
        if (client !== undefined && (await isGoogleSignInEnabled(this.ctx, platformId))) {
          return { name: 'GOOGLE', client, platformId };
        }
      } else {
        const providers = await findFederatedAuthProviders(this.ctx, platformId);
        if (provider === 'GITHUB' && providers.github !== undefined) {
          return { name: 'GITHUB', app: providers.github, platformId };
        }
        if (provider === 'OIDC' && providers.oidc !== undefined) {
          return { name: 'OIDC', provider: providers.oidc, platformId };
        }
      }
    }
    throw new PieceworkError('ENTITY_NOT_FOUND', {
      message: `Sign-in with ${provider} is not enabled here`,
      entityType: 'authnProvider',
      entityId: provider,
    });
  }

  private googleEndpoints(): GoogleEndpoints {
    return this.options.google ?? GOOGLE_ENDPOINTS;
  }

  private githubEndpoints(): GithubEndpoints {
    return this.options.github ?? GITHUB_ENDPOINTS;
  }
}
