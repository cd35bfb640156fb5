/**
 * The SAML part of the sign-in settings page: the values to give the identity provider (ACS URL,
 * entity ID, metadata URL), and the provider's metadata XML (typed in, or fetched from its URL by
 * the server), its signing certificate and the platform role of people it signs up. Save sets the
 * platform's `federatedAuthProviders.saml`; Remove takes it off, and "Sign in with SSO" with it.
 */
import type { Platform, PlatformRole } from '@piecework/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../api/session-context';
import { CopyField } from '../../components/copy-field';
import { FieldFrame, SelectField, TextField } from '../../components/field';
import { useToast } from '../../components/toast';
import { useUpdatePlatform } from './use-platform';

const ROLES: readonly { value: PlatformRole; label: string }[] = [
  { value: 'MEMBER', label: 'Member' },
  { value: 'OPERATOR', label: 'Operator' },
  { value: 'ADMIN', label: 'Admin' },
];

/** The SAML section, for a loaded `platform`. */
export function SamlSection({ platform }: { platform: Platform }) {
  const client = useApi();
  const update = useUpdatePlatform();
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
    update.mutate(
      { federatedAuthProviders: { saml: { idpMetadata, idpCertificate, defaultPlatformRole: role } } },
      { onSuccess: () => toast('SAML single sign-on is saved'), onError: toastError },
    );
  };
  const onRemove = () =>
    update.mutate(
      { federatedAuthProviders: { saml: null } },
      {
        onSuccess: () => {
          setIdpMetadata('');
          setIdpCertificate('');
          toast('SAML single sign-on is removed');
        },
        onError: toastError,
      },
    );
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
        <div className="setting-row">
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
          options={ROLES}
          onValueChange={(value) => setRole(value as PlatformRole)}
        />
        <div className="setting-row">
          <button type="submit" className="btn primary" disabled={update.isPending}>
            Save SAML
          </button>
          {saved === undefined ? null : (
            <button type="button" className="btn danger" disabled={update.isPending} onClick={onRemove}>
              Remove SAML
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
