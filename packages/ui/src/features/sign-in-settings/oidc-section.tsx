/**
 * The OpenID Connect part of the sign-in settings page: the platform's own identity provider
 * (Okta, Entra ID, Keycloak, Auth0...) behind "Sign in with <display name>": its issuer, the client
 * registered there (id and secret), the button's label and the role people get on their first
 * sign-in, the redirect URL to register at the provider, Save and Remove. The secret is never
 * shown back: once stored, leaving it empty keeps it.
 */
import { PlatformRole, type Platform } from '@piecework/shared';
import { useState, type FormEvent } from 'react';
import { SelectField, TextField } from '../../components/field';
import { PLATFORM_ROLE_OPTIONS } from '../settings/platform-roles';
import { ProviderFormActions, useProviderUpdate } from './provider-form-actions';
import { RedirectUrlField } from './redirect-url-field';
import './provider-form.css';

type Problems = Partial<Record<'issuer' | 'clientId' | 'clientSecret' | 'displayName', string>>;

function isHttpUrl(text: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** The OpenID Connect sign-in section, for a loaded `platform`. */
export function OidcSection({ platform }: { platform: Platform }) {
  const stored = platform.federatedAuthProviders.oidc;
  const provider = useProviderUpdate('oidc', 'OpenID Connect sign-in');
  const [issuer, setIssuer] = useState(stored?.issuer ?? '');
  const [clientId, setClientId] = useState(stored?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [displayName, setDisplayName] = useState(stored?.displayName ?? 'Single sign-on');
  const [role, setRole] = useState<PlatformRole>(stored?.defaultPlatformRole ?? 'MEMBER');
  const [problems, setProblems] = useState<Problems>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problems = {
      ...(isHttpUrl(issuer.trim()) ? {} : { issuer: 'Enter the issuer URL, like https://login.example.com' }),
      ...(clientId.trim() === '' ? { clientId: 'Enter the client ID registered at the provider' } : {}),
      ...(stored === undefined && clientSecret === '' ? { clientSecret: 'Enter the client secret' } : {}),
      ...(displayName.trim() === '' ? { displayName: 'Enter the name on the sign-in button' } : {}),
    };
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const oidc = {
      issuer: issuer.trim().replace(/\/+$/, ''),
      clientId: clientId.trim(),
      displayName: displayName.trim(),
      defaultPlatformRole: role,
      ...(clientSecret === '' ? {} : { clientSecret }),
    };
    provider.save(oidc, () => setClientSecret(''));
  };
  const remove = (done: () => void) =>
    provider.remove(() => {
      done();
      setIssuer('');
      setClientId('');
      setClientSecret('');
    });
  return (
    <section className="settings-section" aria-labelledby="oidc-sign-in">
      <h2 id="oidc-sign-in">OpenID Connect</h2>
      <p className="muted">
        {stored === undefined
          ? 'Off: connect your identity provider (Okta, Entra ID, Keycloak, Auth0...) to offer single sign-on.'
          : `On: the sign-in page offers "Sign in with ${stored.displayName}". People it signs in for the first time join this platform.`}
      </p>
      <form className="provider-form" onSubmit={onSubmit} noValidate aria-label="OpenID Connect sign-in">
        <RedirectUrlField provider="your identity provider" />
        <TextField
          label="Issuer URL"
          type="url"
          value={issuer}
          onChange={(event) => setIssuer(event.target.value)}
          error={problems.issuer}
          hint="Its discovery document is at <issuer>/.well-known/openid-configuration."
          placeholder="https://login.example.com"
          autoComplete="off"
          required
        />
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
        <TextField
          label="Button name"
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          error={problems.displayName}
          hint='The sign-in page says "Sign in with" this name.'
          maxLength={60}
          required
        />
        <SelectField
          label="Role of new users"
          value={role}
          options={PLATFORM_ROLE_OPTIONS}
          onValueChange={(value) => setRole(PlatformRole.parse(value))}
          hint="What people get on this platform the first time the provider signs them in."
        />
        <ProviderFormActions
          label="OpenID Connect sign-in"
          configured={stored !== undefined}
          busy={provider.busy}
          removeMessage="The sign-in page stops offering your identity provider. People who signed in with it keep their accounts."
          onRemove={remove}
        />
      </form>
    </section>
  );
}
