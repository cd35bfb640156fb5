/**
 * The instance's feature flags (`GET /v1/flags`, public): what the signed-out pages offer, such
 * as Google sign-in. Read them with {@link useFlags}; ask a flag with the helpers below.
 */
import type { FeatureFlags } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';

/** The flags, cached for a minute. */
export function useFlags() {
  const client = useApi();
  return useQuery({
    queryKey: ['flags'],
    queryFn: (): Promise<FeatureFlags> => client.platform.flags(),
    staleTime: 60_000,
  });
}

/** Whether the flags offer "Sign in with Google" (THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP.google). */
export function offersGoogleSignIn(flags: FeatureFlags | undefined): boolean {
  return offersSignInWith(flags, 'google');
}

/**
 * Whether the flags offer sign-in with `provider` (its THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP
 * entry is `true`): `google`, `github`, `saml` or `oidc`.
 */
export function offersSignInWith(flags: FeatureFlags | undefined, provider: string): boolean {
  const providers = flags?.['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP'];
  return typeof providers === 'object' && providers !== null && Reflect.get(providers, provider) === true;
}

/** Whether the flags offer any sign-in besides email and password (the page then shows a divider). */
export function offersThirdPartySignIn(flags: FeatureFlags | undefined): boolean {
  const providers = flags?.['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP'];
  return typeof providers === 'object' && providers !== null && Object.values(providers).includes(true);
}

/** The label of the OpenID Connect button (the flag SSO_OIDC_DISPLAY_NAME), else "single sign-on". */
export function oidcButtonName(flags: FeatureFlags | undefined): string {
  const name = flags?.['SSO_OIDC_DISPLAY_NAME'];
  return typeof name === 'string' && name.trim() !== '' ? name : 'single sign-on';
}

/** Whether the flags offer "Sign in with SSO" (THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP.saml). */
export function offersSamlSignIn(flags: FeatureFlags | undefined): boolean {
  const providers = flags?.['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP'];
  return typeof providers === 'object' && providers !== null && Reflect.get(providers, 'saml') === true;
}
