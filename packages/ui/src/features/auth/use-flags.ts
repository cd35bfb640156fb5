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
  const providers = flags?.['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP'];
  return typeof providers === 'object' && providers !== null && Reflect.get(providers, 'google') === true;
}

/** Whether the flags offer "Sign in with SSO" (THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP.saml). */
export function offersSamlSignIn(flags: FeatureFlags | undefined): boolean {
  const providers = flags?.['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP'];
  return typeof providers === 'object' && providers !== null && Reflect.get(providers, 'saml') === true;
}
