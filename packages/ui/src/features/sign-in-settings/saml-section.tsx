/**
 * The SAML part of the sign-in settings page: the values to give the identity provider (ACS URL,
 * entity ID, metadata URL), and the provider's metadata XML (typed in, or fetched from its URL by
 * the server), its signing certificate and the platform role of people it signs up. Save sets the
 * platform's `federatedAuthProviders.saml`; Remove takes it off, and "Sign in with SSO" with it.
 */
import { PlatformRole, type Platform } from '@piecework/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session-context';
import { CopyField } from '../../components/copy-field';
import { FieldFrame, SelectField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { PLATFORM_ROLE_OPTIONS } from '../settings/platform-roles';
import { ProviderFormActions, useProviderUpdate } from './provider-form-actions';
import './provider-form.css';

/** The SAML section, for a loaded `platform`. */
export function SamlSection({ platform }: { platform: Platform }) {
  const client = useApi();
  const provider = useProviderUpdate('saml', 'SAML single sign-on');
  const { toast, toastError } = useToast();
  const saved = platform.federatedAuthProviders.saml;
  const [metadataUrl, setMetadataUrl] = useState('');
  const [idpMetadata, setIdpMetadata] = useState(saved?.idpMetadata ?? '');
  const [idpCertificate, setIdpCertificate] = useState(saved?.idpCertificate ?? '');
  const [role, setRole] = useState<PlatformRole>(saved?.defaultPlatformRole ?? 'MEMBER');
  const [missing, setMissing] = useState<{ metadata?: string; certificate?: string }>({});
  const serviceProvider = useQuery({
    queryKey: ['saml-service-provider', platform.id],
    queryFn: () => client.samlAuthn.serviceProvider(),
  });
  const fetchMetadata = useMutation({
    mutationFn: () => client.samlAuthn.fetchIdpMetadata({ url: metadataUrl.trim() }),
    onSuccess: (answer) => {
      setIdpMetadata(answer.idpMetadata);
      if (answer.idpCertificate !== null && idpCertificate.trim() === '')
        setIdpCertificate(answer.idpCertificate);
      toast('Metadata fetched: check it, then save');
    },
    onError: toastError,
  });
  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(idpMetadata.trim() === '' ? { metadata: "Paste the identity provider's metadata XML" } : {}),
      ...(idpCertificate.trim() === ''
        ? { certificate: "Paste the identity provider's signing certificate" }
        : {}),
    };
    setMissing(errors);
    if (Object.keys(errors).length > 0) return;
    provider.save({ idpMetadata, idpCertificate, defaultPlatformRole: role });
  };
  const onRemove = (done: () => void) =>
    provider.remove(() => {
      done();
      setIdpMetadata('');
      setIdpCertificate('');
    });
  return (
    <section className="settings-section" aria-labelledby="saml-sign-in">
      <h2 id="saml-sign-in">SAML single sign-on</h2>
      <p>
        {saved === undefined
          ? 'Off: set up an identity provider (Okta, Entra ID, Google Workspace...) to offer "Sign in with SSO".'
          : 'On: the sign-in page offers "Sign in with SSO".'}
      </p>
      {serviceProvider.data === undefined ? null : (
        <>
          <CopyField label="ACS URL (reply URL)" value={serviceProvider.data.acsUrl} />
          <CopyField label="Entity ID (audience)" value={serviceProvider.data.entityId} />
          <CopyField label="Service provider metadata URL" value={serviceProvider.data.metadataUrl} />
        </>
      )}
      <form onSubmit={onSave} noValidate>
        <div className="inline-form">
          <TextField
            label="Identity provider metadata URL"
            type="url"
            value={metadataUrl}
            onChange={(event) => setMetadataUrl(event.target.value)}
            hint="Optional: the server fetches the metadata XML from it."
          />
          <button
            type="button"
            className="btn"
            disabled={metadataUrl.trim() === '' || fetchMetadata.isPending}
            onClick={() => fetchMetadata.mutate()}
          >
            {fetchMetadata.isPending ? 'Fetching…' : 'Fetch from URL'}
          </button>
        </div>
        <FieldFrame label="Identity provider metadata (XML)" error={missing.metadata} required>
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={missing.metadata === undefined ? undefined : true}
              rows={6}
              value={idpMetadata}
              onChange={(event) => setIdpMetadata(event.target.value)}
            />
          )}
        </FieldFrame>
        <FieldFrame
          label="Signing certificate (PEM)"
          hint="The certificate the identity provider signs its assertions with."
          error={missing.certificate}
          required
        >
          {({ id, describedBy }) => (
            <textarea
              id={id}
              aria-describedby={describedBy}
              aria-invalid={missing.certificate === undefined ? undefined : true}
              rows={6}
              value={idpCertificate}
              onChange={(event) => setIdpCertificate(event.target.value)}
            />
          )}
        </FieldFrame>
        <SelectField
          label="Role of people signing in for the first time"
          value={role}
          options={PLATFORM_ROLE_OPTIONS}
          onValueChange={(value) => setRole(PlatformRole.parse(value))}
        />
        <ProviderFormActions
          label="SAML"
          configured={saved !== undefined}
          busy={provider.busy}
          removeMessage='The sign-in page stops offering "Sign in with SSO". People who signed in with it keep their accounts.'
          onRemove={onRemove}
        />
      </form>
    </section>
  );
}
