/**
 * `/platform/sign-in` (platform admins): how people sign in to the platform — email and password,
 * Google, SAML, OpenID Connect, GitHub, the two-factor policy, SCIM provisioning — one section
 * each. The sections read the platform once ({@link usePlatform}) and each saves its own part.
 */
import { PageHeader } from '../../components/page-header';
import { AdminQueryState } from '../settings/admin-query-state';
import { EmailSignInSection } from './email-sign-in-section';
import { GithubSection } from './github-section';
import { OidcSection } from './oidc-section';
import { SamlSection } from './saml-section';
import { ScimSection } from './scim-section';
import { TwoFactorPolicySection } from './two-factor-policy-section';
import { usePlatform } from './use-platform';
import '../settings/settings.css';

/** The page of `/platform/sign-in`. */
export function Page() {
  const platform = usePlatform();
  return (
    <section>
      <PageHeader title="Sign-in" description="How people sign in to this platform, and who may." />
      <AdminQueryState query={platform} label="Loading the sign-in settings">
        {(loaded) => (
          <>
            <EmailSignInSection platform={loaded} />
            <SamlSection platform={loaded} />
            <OidcSection platform={loaded} />
            <GithubSection platform={loaded} />
            <TwoFactorPolicySection platform={loaded} />
            <ScimSection />
          </>
        )}
      </AdminQueryState>
    </section>
  );
}
