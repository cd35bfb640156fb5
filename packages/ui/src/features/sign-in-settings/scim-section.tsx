/**
 * The SCIM provisioning section of the platform's sign-in settings (platform admins): the SCIM
 * base URL to give an identity provider (Okta, Microsoft Entra ID), and "New SCIM token", which
 * creates a platform API key (the SCIM bearer token, as in Activepieces) and shows its value once.
 * Tokens are revoked by deleting their key on the API keys page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/session-context';
import { CopyField } from '../../components/copy-field';
import { API_KEYS_KEY } from '../settings/create-api-key-dialog';
import { CreateSecretDialog } from '../settings/create-secret-dialog';
import '../settings/settings.css';

/** Where the server serves SCIM, below its own origin. */
const SCIM_PATH = '/api/v1/scim/v2';

/** The SCIM provisioning section. */
export function ScimSection() {
  const client = useApi();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  return (
    <section className="settings-section" aria-labelledby="scim-provisioning">
      <div className="section-title">
        <h2 id="scim-provisioning">SCIM provisioning</h2>
        <button type="button" className="btn primary" onClick={() => setCreating(true)}>
          New SCIM token
        </button>
      </div>
      <p className="muted">
        Let your identity provider create, update and deactivate your platform&rsquo;s users, and manage
        groups as team projects. Give it this base URL and a SCIM token (a platform API key) as its bearer
        token. Revoke a token by deleting its key on the <Link to="/platform/api-keys">API keys</Link> page.
      </p>
      <CopyField label="SCIM base URL" value={`${window.location.origin}${SCIM_PATH}`} />
      {creating ? (
        <CreateSecretDialog
          title="New SCIM token"
          nameHint="The identity provider that uses it, e.g. “Okta”."
          create={async (name) => {
            const key = await client.apiKeys.create({ displayName: `SCIM: ${name}` });
            await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
            return { displayName: key.displayName, secret: key.value };
          }}
          createdTitle="Copy your new SCIM token"
          warning="Copy the token now: it will not be shown again. Anyone with it acts as an admin of your platform."
          secretLabel={(name) => `Token ${name}`}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </section>
  );
}
