/**
 * `/account`: the signed-in user's own settings, one section after another (two-factor
 * authentication, the sessions they are signed in with). Reached from "Account" in the user's menu.
 */
import { PageHeader } from '../../components/page-header';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import '../settings/settings.css';
import './account.css';

/** The page of `/account`. */
export function Page() {
  return (
    <section>
      <PageHeader title="Account" description="How you sign in to Piecework, and where you are signed in." />
      <TwoFactorSection />
      <SessionsSection />
    </section>
  );
}
