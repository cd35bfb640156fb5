/**
 * `/platform/embedding` (platform admins): what a host application needs to embed the app —
 * signing keys for its users' JWTs, and the origins allowed to frame the app. How to embed:
 * `docs/embedding.md`.
 */
import { PageHeader } from '../../components/page-header';
import { AllowedOriginsSection } from './allowed-origins-section';
import { SigningKeysSection } from './signing-keys-section';
import './settings.css';

/** The page of `/platform/embedding`. */
export function Page() {
  return (
    <section>
      <PageHeader
        title="Embedding"
        description="Show the builder and runs inside your own product with @piecework/embed, your users signed in by your backend."
      />
      <SigningKeysSection />
      <AllowedOriginsSection />
    </section>
  );
}
