/**
 * The form of a new connection: its display name and external id (suggested, and refused when
 * the project already uses the id, so creating never replaces a connection), the auth type when
 * the piece offers several, and the credentials of that type. Saving shows the server's refusal
 * (e.g. the piece's validation of the credentials) and keeps everything typed. Given a fixed
 * `externalId` (reconnecting), the id is shown read-only and saving replaces that connection.
 */
import type {
  AppConnection,
  OAuthApp,
  PieceAuth,
  PieceMetadata,
  UpsertAppConnectionRequest,
} from '@piecework/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useApi } from '../../../api/session-context';
import { SelectField, TextField } from '../../../components/field';
import { ErrorNotice } from '../../../components/query-state';
import { defaultInput, missingRequired } from '../../builder/step-settings/properties/property-values';
import { connectionsKey } from '../use-connections';
import { AuthFields } from './auth-fields';
import { suggestDisplayName, suggestExternalId } from './connection-defaults';
import {
  upsertRequest,
  usesClientCredentials,
  type ConnectionForm,
  type OAuth2Grant,
} from './connection-request';
import { OAuth2Section } from './oauth2-section';
import { oauth2RedirectUrl } from './oauth2-popup';
import { authFormProps } from './auth-form-props';

/** Props of {@link NewConnectionForm}. */
export interface NewConnectionFormProps {
  projectId: string;
  piece: PieceMetadata;
  /** The project's connections (their external ids are taken). */
  existing: readonly AppConnection[];
  platformApp: OAuthApp | undefined;
  /** A fixed external id: read-only, and saving replaces the connection of that id. */
  externalId?: string | undefined;
  /**
   * Stores the connection the form describes; default: as a connection of the project
   * (`POST /v1/app-connections`). Global connections store it for the projects they chose.
   */
  save?: ((request: UpsertAppConnectionRequest) => Promise<AppConnection>) | undefined;
  /** What a taken external id is refused with; default: the project already has one. */
  takenMessage?: string | undefined;
  /** Fields of the caller's, after the credentials (e.g. the projects of a global connection). */
  children?: ReactNode;
  onCreated: (connection: AppConnection) => void;
  onCancel: () => void;
}

const PROJECT_TAKEN = 'The project already has a connection with this external id.';

const TYPE_NAMES: Record<PieceAuth['type'], string> = {
  SECRET_TEXT: 'Secret',
  BASIC_AUTH: 'Username and password',
  CUSTOM_AUTH: 'Custom',
  OAUTH2: 'OAuth2',
  NO_AUTH: 'No credentials',
};

/** Why `form` cannot be saved yet with `auth`, or undefined. */
function problemOf(
  auth: PieceAuth,
  form: ConnectionForm,
  grant: OAuth2Grant | null,
  taken: ReadonlySet<string>,
  takenMessage: string,
) {
  if (form.displayName.trim() === '' || form.externalId.trim() === '')
    return 'Fill in the name and external id.';
  if (taken.has(form.externalId.trim())) return takenMessage;
  switch (auth.type) {
    case 'SECRET_TEXT':
      return form.secret === '' ? 'Fill in the required fields.' : undefined;
    case 'BASIC_AUTH':
      return form.username === '' || form.password === '' ? 'Fill in the required fields.' : undefined;
    case 'CUSTOM_AUTH':
      return missingRequired(authFormProps(auth.props), form.props).length > 0
        ? 'Fill in the required fields.'
        : undefined;
    case 'OAUTH2':
      if (form.oauth2Client === 'own' && (form.clientId.trim() === '' || form.clientSecret === ''))
        return 'Fill in the client id and secret.';
      if (missingRequired(authFormProps(auth.props), form.props).length > 0)
        return 'Fill in the required fields.';
      return grant === null && !usesClientCredentials(auth) ? 'Connect to the provider first.' : undefined;
    case 'NO_AUTH':
      return undefined;
  }
}

/** The fields, the server's error and the Cancel / Save buttons. */
export function NewConnectionForm({
  projectId,
  piece,
  existing,
  platformApp,
  externalId: fixedId,
  save: store,
  takenMessage = PROJECT_TAKEN,
  children,
  onCreated,
  onCancel,
}: NewConnectionFormProps) {
  const client = useApi();
  const queryClient = useQueryClient();
  const auths = [piece.auth ?? { type: 'NO_AUTH' as const }].flat();
  const [authIndex, setAuthIndex] = useState(0);
  const auth = auths[authIndex] ?? auths[0] ?? { type: 'NO_AUTH' };
  const taken = new Set(existing.map((connection) => connection.externalId).filter((id) => id !== fixedId));
  const replaced = existing.find((connection) => connection.externalId === fixedId);
  const propsOf = (of: PieceAuth) =>
    of.type === 'CUSTOM_AUTH' || (of.type === 'OAUTH2' && of.props !== undefined)
      ? defaultInput(authFormProps(of.props))
      : {};
  const [form, setForm] = useState<ConnectionForm>(() => ({
    displayName:
      replaced?.displayName ??
      suggestDisplayName(piece.displayName, new Set(existing.map((connection) => connection.displayName))),
    externalId: fixedId ?? suggestExternalId(piece.name, taken),
    secret: '',
    username: '',
    password: '',
    props: propsOf(auth),
    oauth2Client: platformApp === undefined ? 'own' : 'platform',
    clientId: '',
    clientSecret: '',
  }));
  const [grant, setGrant] = useState<OAuth2Grant | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const redirectUrl = oauth2RedirectUrl(window.location.origin);
  const change = (next: Partial<ConnectionForm>) => setForm((current) => ({ ...current, ...next }));
  const save = useMutation({
    mutationFn: () => {
      const request = upsertRequest({
        projectId,
        pieceName: piece.name,
        pieceVersion: piece.version,
        auth,
        form,
        grant,
        redirectUrl,
      });
      return store === undefined ? client.appConnections.upsert(request) : store(request);
    },
    onSuccess: async (connection) => {
      await queryClient.invalidateQueries({ queryKey: connectionsKey(projectId) });
      onCreated(connection);
    },
  });
  const problem = problemOf(auth, form, grant, taken, takenMessage);
  const externalIdTaken = taken.has(form.externalId.trim());
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setShowErrors(true);
        if (problem === undefined) save.mutate();
      }}
    >
      <TextField
        label="Connection name"
        required
        value={form.displayName}
        error={showErrors && form.displayName.trim() === '' ? 'Required' : undefined}
        onChange={(event) => change({ displayName: event.target.value })}
      />
      <TextField
        label="External ID"
        required
        value={form.externalId}
        readOnly={fixedId !== undefined}
        hint={`Flows use it as {{connections['${form.externalId.trim()}']}}.`}
        error={
          externalIdTaken
            ? takenMessage
            : showErrors && form.externalId.trim() === ''
              ? 'Required'
              : undefined
        }
        onChange={(event) => change({ externalId: event.target.value })}
      />
      {auths.length > 1 ? (
        <SelectField
          label="Authentication"
          value={String(authIndex)}
          options={auths.map((each, at) => ({
            value: String(at),
            label: `${each.displayName ?? ''} (${TYPE_NAMES[each.type]})`,
          }))}
          onValueChange={(value) => {
            const next = Number(value);
            setAuthIndex(next);
            setGrant(null);
            const chosen = auths[next];
            if (chosen !== undefined) change({ props: propsOf(chosen) });
          }}
        />
      ) : null}
      {auth.type === 'OAUTH2' ? (
        <OAuth2Section
          auth={auth}
          projectId={projectId}
          pieceName={piece.name}
          pieceVersion={piece.version}
          platformApp={platformApp}
          redirectUrl={redirectUrl}
          form={form}
          onChange={change}
          grant={grant}
          onGrant={setGrant}
          showErrors={showErrors}
        />
      ) : (
        <AuthFields auth={auth} form={form} onChange={change} showErrors={showErrors} />
      )}
      {children}
      {showErrors && problem !== undefined ? (
        <div className="notice error" role="alert">
          {problem}
        </div>
      ) : null}
      {save.isError ? <ErrorNotice error={save.error} /> : null}
      <div className="dialog-footer form-footer">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
