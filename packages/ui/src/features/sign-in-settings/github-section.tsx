/**
 * The GitHub part of the sign-in settings page: the platform's GitHub OAuth app (client id and
 * secret) behind "Sign in with GitHub", the redirect URL to register as the app's callback, Save
 * and Remove. The secret is never shown back: once stored, leaving it empty keeps it.
 */
import type { Platform } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/field';
import { ProviderFormActions, useProviderUpdate } from './provider-form-actions';
import { RedirectUrlField } from './redirect-url-field';
import './provider-form.css';

/** The GitHub sign-in section, for a loaded `platform`. */
export function GithubSection({ platform }: { platform: Platform }) {
  const stored = platform.federatedAuthProviders.github;
  const provider = useProviderUpdate('github', 'GitHub sign-in');
  const [clientId, setClientId] = useState(stored?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [problems, setProblems] = useState<{ clientId?: string; clientSecret?: string }>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(clientId.trim() === '' ? { clientId: 'Enter the client ID of your GitHub OAuth app' } : {}),
      ...(stored === undefined && clientSecret === '' ? { clientSecret: 'Enter the client secret' } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const github = { clientId: clientId.trim(), ...(clientSecret === '' ? {} : { clientSecret }) };
    provider.save(github, () => setClientSecret(''));
  };
  const remove = (done: () => void) =>
    provider.remove(() => {
      done();
      setClientId('');
      setClientSecret('');
    });
  return (
    <section className="settings-section" aria-labelledby="github-sign-in">
      <h2 id="github-sign-in">GitHub</h2>
      <p className="muted">
        {stored === undefined
          ? 'Off: set up a GitHub OAuth app to offer "Sign in with GitHub".'
          : 'On: the sign-in page offers "Sign in with GitHub". New people still need an invitation or an allowed domain.'}
      </p>
      <form className="provider-form" onSubmit={onSubmit} noValidate aria-label="GitHub sign-in">
        <RedirectUrlField provider="GitHub" />
        <TextField
          label="Client ID"
          value={clientId}
          onChange={(event) => setClientId(event.target.value)}
          error={problems.clientId}
          autoComplete="off"
          required
        />
        <TextField
          label="Client secret"
          type="password"
          value={clientSecret}
          onChange={(event) => setClientSecret(event.target.value)}
          error={problems.clientSecret}
          hint={stored === undefined ? undefined : 'Stored; leave empty to keep it.'}
          autoComplete="new-password"
          required={stored === undefined}
        />
        <ProviderFormActions
          label="GitHub sign-in"
          configured={stored !== undefined}
          busy={provider.busy}
          removeMessage="The sign-in page stops offering GitHub. People who signed in with it keep their accounts."
          onRemove={remove}
        />
      </form>
    </section>
  );
}
