/**
 * Which sign-in buttons a platform's signed-out pages show: the flag
 * THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP, by Activepieces' provider names (`google`, `github`,
 * `saml`) and `oidc`. A provider is named only where it is set up; others are not mentioned.
 */
import type { ServerContext } from '../../server-context';
import { findFederatedAuthProviders } from '../platforms/federated-auth-providers';
import { isGoogleSignInEnabled } from './federated-authn-service';

/** The sign-in providers offered on `platformId` (none on a fresh server without a platform). */
export async function shownSignInProviders(
  ctx: Pick<ServerContext, 'settings' | 'store' | 'secrets'>,
  platformId: string | undefined,
): Promise<Partial<Record<'google' | 'github' | 'saml' | 'oidc', true>>> {
  if (platformId === undefined) return {};
  const providers = await findFederatedAuthProviders(ctx, platformId);
  return {
    ...((await isGoogleSignInEnabled(ctx, platformId)) ? { google: true } : {}),
    ...(providers.github === undefined ? {} : { github: true }),
    ...(providers.saml === undefined ? {} : { saml: true }),
    ...(providers.oidc === undefined ? {} : { oidc: true }),
  };
}

/**
 * The label of the OpenID Connect button on `platformId`'s signed-out pages (its provider's
 * `displayName`, the flag SSO_OIDC_DISPLAY_NAME), or undefined where none is set up.
 */
export async function oidcDisplayName(
  ctx: Pick<ServerContext, 'store' | 'secrets'>,
  platformId: string | undefined,
): Promise<string | undefined> {
  if (platformId === undefined) return undefined;
  return (await findFederatedAuthProviders(ctx, platformId)).oidc?.displayName;
}
