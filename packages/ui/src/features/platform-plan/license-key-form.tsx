/**
 * The license key section of the plan page: the key stored on the platform, masked to its last
 * characters with whether it still applies, and a form to enter a key or replace it. The server
 * checks the key's signature and expiry; its refusal (INVALID_LICENSE_KEY, LICENSE_KEY_EXPIRED)
 * is shown under the field and changes nothing.
 */
import type { StoredLicenseKey } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { TextField } from '../../components/field';
import { useActivateLicense } from './use-platform-billing';

/** The stored key and the form that enters or replaces it. */
export function LicenseKeySection({ stored }: { stored: StoredLicenseKey | null }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const activate = useActivateLicense(() => setDraft(''));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const key = draft.trim();
    setProblem(key === '' ? 'Paste the license key you were sent' : undefined);
    if (key !== '') activate.mutate(key);
  };
  return (
    <section className="settings-section" aria-labelledby="license-key">
      <h2 id="license-key">License key</h2>
      {stored === null ? (
        <p className="muted">No license key yet: the platform is on the free plan.</p>
      ) : (
        <p>
          Current key <span className="mono">{stored.maskedKey}</span>{' '}
          {stored.active ? (
            <span className="badge success">Active</span>
          ) : (
            <span className="badge warning">Expired or not valid on this server</span>
          )}
        </p>
      )}
      <form className="inline-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={stored === null ? 'License key' : 'New license key'}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            activate.reset();
          }}
          error={problem ?? (activate.isError ? errorMessage(activate.error) : undefined)}
        />
        <button type="submit" className="btn primary" disabled={activate.isPending}>
          {activate.isPending ? 'Activating…' : stored === null ? 'Activate' : 'Replace key'}
        </button>
      </form>
    </section>
  );
}
