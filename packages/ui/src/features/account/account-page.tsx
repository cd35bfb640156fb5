/**
 * `/account`: the signed-in user's own settings, one section component after another (today the
 * sessions they are signed in with).
 */
import { PageHeader } from '../../components/page-header';
import { SessionsSection } from './sessions-section';

/** The page of `/account`. */
export function Page() {
  return (
    <section>
      <PageHeader title="Account" description="Your own settings: where you are signed in." />
      <SessionsSection />
    </section>
  );
}
