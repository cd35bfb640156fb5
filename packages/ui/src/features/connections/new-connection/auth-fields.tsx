/**
 * The credential fields of a new connection, by the piece's auth type: the secret
 * (SECRET_TEXT), username and password with the piece's labels (BASIC_AUTH), the piece's own
 * properties (CUSTOM_AUTH), or nothing to fill (NO_AUTH). OAuth2 has its own section
 * (`oauth2-section.tsx`).
 */
import type { PieceAuth } from '@piecework/shared';
import { TextField } from '../../../components/field';
import { PropertyForm } from '../../builder/step-settings/properties/property-form';
import type { ConnectionForm } from './connection-request';
import { authFormProps } from './auth-form-props';

/** Props of {@link AuthFields}. */
export interface AuthFieldsProps {
  auth: Exclude<PieceAuth, { type: 'OAUTH2' }>;
  form: ConnectionForm;
  onChange: (change: Partial<ConnectionForm>) => void;
  showErrors: boolean;
}

/** The fields of a SECRET_TEXT, BASIC_AUTH, CUSTOM_AUTH or NO_AUTH connection. */
export function AuthFields({ auth, form, onChange, showErrors }: AuthFieldsProps) {
  const required = (value: string) => (showErrors && value.trim() === '' ? 'Required' : undefined);
  switch (auth.type) {
    case 'SECRET_TEXT':
      return (
        <TextField
          label={auth.displayName}
          hint={auth.description}
          type="password"
          autoComplete="off"
          required
          value={form.secret}
          error={required(form.secret)}
          onChange={(event) => onChange({ secret: event.target.value })}
        />
      );
    case 'BASIC_AUTH':
      return (
        <>
          <TextField
            label={auth.username.displayName}
            hint={auth.username.description}
            autoComplete="off"
            required
            value={form.username}
            error={required(form.username)}
            onChange={(event) => onChange({ username: event.target.value })}
          />
          <TextField
            label={auth.password.displayName}
            hint={auth.password.description}
            type="password"
            autoComplete="off"
            required
            value={form.password}
            error={required(form.password)}
            onChange={(event) => onChange({ password: event.target.value })}
          />
        </>
      );
    case 'CUSTOM_AUTH':
      return (
        <>
          {auth.description ? <p className="field-hint">{auth.description}</p> : null}
          <PropertyForm
            idPrefix="new-connection"
            props={authFormProps(auth.props)}
            values={form.props}
            showErrors={showErrors}
            onChange={(name, value) => onChange({ props: { ...form.props, [name]: value } })}
          />
        </>
      );
    case 'NO_AUTH':
      return <p className="muted">This piece needs no credentials.</p>;
  }
}
