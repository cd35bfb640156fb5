/**
 * The OAuth2 part of a new connection: which OAuth2 client to use (the platform's app for this
 * piece, when an admin set one in `/v1/oauth-apps`, or the user's own client id and secret), the
 * redirect URL to register at the provider, the piece's extra properties (e.g. a subdomain), and
 * "Connect", which asks the server for the consent URL
 * (`POST /v1/app-connections/oauth2/authorization-url`), opens it in a popup and keeps the code
 * the provider sends back. Pieces using the client-credentials grant need no consent.
 */
import type { OAuth2PieceAuth, OAuthApp } from '@piecework/shared';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApi } from '../../../api/session-context';
import { SelectField, TextField } from '../../../components/field';
import { ErrorNotice } from '../../../components/query-state';
import { PropertyForm } from '../../builder/step-settings/properties/property-form';
import {
  oauth2ConnectionType,
  usesClientCredentials,
  type ConnectionForm,
  type OAuth2Grant,
} from './connection-request';
import { openConsentPopup, waitForConsent } from './oauth2-popup';
import { authFormProps } from './auth-form-props';

/** Props of {@link OAuth2Section}. */
export interface OAuth2SectionProps {
  auth: OAuth2PieceAuth;
  projectId: string;
  pieceName: string;
  pieceVersion: string;
  /** The platform's OAuth2 app for this piece, if an admin set one. */
  platformApp: OAuthApp | undefined;
  redirectUrl: string;
  form: ConnectionForm;
  onChange: (change: Partial<ConnectionForm>) => void;
  grant: OAuth2Grant | null;
  onGrant: (grant: OAuth2Grant | null) => void;
  showErrors: boolean;
}

/** Client, redirect URL, extra properties and the consent popup. */
export function OAuth2Section(props: OAuth2SectionProps) {
  const { auth, form, onChange, grant, onGrant, platformApp, redirectUrl, showErrors } = props;
  const client = useApi();
  const abort = useRef<AbortController | null>(null);
  const [blocked, setBlocked] = useState(false);
  const clientId = form.oauth2Client === 'platform' ? (platformApp?.clientId ?? '') : form.clientId.trim();
  const connect = useMutation({
    mutationFn: async (popup: Window): Promise<OAuth2Grant> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      try {
        const answer = await client.appConnections.oauth2AuthorizationUrl({
          pieceName: props.pieceName,
          pieceVersion: props.pieceVersion,
          connectionType: oauth2ConnectionType(form.oauth2Client),
          projectId: props.projectId,
          clientId,
          redirectUrl,
          props: { ...form.props },
        });
        const code = await waitForConsent(popup, answer.authorizationUrl, controller.signal);
        return { code, codeVerifier: answer.codeVerifier };
      } catch (error) {
        popup.close();
        throw error;
      }
    },
    onSuccess: (granted) => onGrant(granted),
  });
  const changeClient = (change: Partial<ConnectionForm>) => {
    onGrant(null);
    onChange(change);
  };
  const required = (value: string) => (showErrors && value.trim() === '' ? 'Required' : undefined);
  const consent = !usesClientCredentials(auth);
  return (
    <div className="oauth2-section">
      {platformApp === undefined ? null : (
        <SelectField
          label="OAuth2 app"
          value={form.oauth2Client}
          options={[
            { value: 'platform', label: `The platform's app (${platformApp.clientId})` },
            { value: 'own', label: 'My own OAuth2 app' },
          ]}
          onValueChange={(value) => changeClient({ oauth2Client: value === 'own' ? 'own' : 'platform' })}
        />
      )}
      {form.oauth2Client === 'own' ? (
        <>
          <TextField
            label="Redirect URL"
            readOnly
            value={redirectUrl}
            hint="Register this URL at the provider."
          />
          <TextField
            label="Client ID"
            required
            autoComplete="off"
            value={form.clientId}
            error={required(form.clientId)}
            onChange={(event) => changeClient({ clientId: event.target.value })}
          />
          <TextField
            label="Client secret"
            type="password"
            required
            autoComplete="off"
            value={form.clientSecret}
            error={required(form.clientSecret)}
            onChange={(event) => onChange({ clientSecret: event.target.value })}
          />
        </>
      ) : null}
      {auth.props === undefined ? null : (
        <PropertyForm
          idPrefix="new-oauth2-connection"
          props={authFormProps(auth.props)}
          values={form.props}
          showErrors={showErrors}
          onChange={(name, value) => changeClient({ props: { ...form.props, [name]: value } })}
        />
      )}
      {consent ? (
        <div className="test-row">
          <button
            type="button"
            className="btn"
            disabled={clientId === '' || connect.isPending}
            onClick={() => {
              const popup = openConsentPopup();
              setBlocked(popup === null);
              if (popup !== null) connect.mutate(popup);
            }}
          >
            {connect.isPending ? 'Waiting for the provider…' : grant === null ? 'Connect' : 'Connect again'}
          </button>
          <span role="status" className={grant === null ? 'field-hint' : 'badge success'}>
            {grant === null ? (showErrors ? 'Connect to the provider first.' : '') : 'Connected'}
          </span>
        </div>
      ) : null}
      {blocked ? (
        <div className="notice error" role="alert">
          The browser blocked the consent window: allow pop-ups for this site, then connect again.
        </div>
      ) : null}
      {connect.isError ? <ErrorNotice error={connect.error} /> : null}
    </div>
  );
}
