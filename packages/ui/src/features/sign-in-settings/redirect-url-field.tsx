/**
 * The address a sign-in provider must send people back to (the flag
 * THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL, the web app's `/redirect`), shown read-only with a Copy
 * button: the admin registers it at the provider (GitHub's "Authorization callback URL", an
 * OpenID Connect client's redirect URI).
 */
import { CopyField } from '../../components/copy-field';
import { useFlags } from '../auth/use-flags';

/** The redirect URL to register at `provider` (its name in the label). */
export function RedirectUrlField({ provider }: { provider: string }) {
  const flags = useFlags();
  const url = flags.data?.['THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL'];
  if (typeof url !== 'string') return null;
  return <CopyField label={`Redirect URL to register at ${provider}`} value={url} />;
}
