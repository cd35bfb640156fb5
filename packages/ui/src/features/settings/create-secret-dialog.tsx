/**
 * "New <thing>" for things whose secret the server answers once and never again (API keys,
 * signing keys): a name, then the secret with a copy button and a warning that it will not be
 * shown again.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { CopyField } from '../../components/copy-field';

/** A created thing: its name and the secret to show once. */
export interface CreatedSecret {
  displayName: string;
  secret: string;
}

/** What the dialog says and does. */
export interface CreateSecretDialogProps {
  /** "New API key". */
  title: string;
  /** Under the name field, e.g. what uses the key. */
  nameHint: string;
  /** Creates the thing named `displayName` and answers its secret. */
  create: (displayName: string) => Promise<CreatedSecret>;
  /** The title once created, e.g. "Copy your new API key". */
  createdTitle: string;
  /** The warning above the secret. */
  warning: string;
  /** The secret field's label, given the created name. */
  secretLabel: (displayName: string) => string;
  /** Whether the secret spans several lines (a PEM key). */
  multiline?: boolean;
  onClose: () => void;
}

/** The dialog that creates a thing and shows its secret once. */
export function CreateSecretDialog(props: CreateSecretDialogProps) {
  const { onClose } = props;
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const create = useMutation({ mutationFn: props.create });
  if (create.isSuccess) {
    return (
      <Dialog
        title={props.createdTitle}
        onClose={onClose}
        footer={
          <button type="button" className="btn primary" onClick={onClose}>
            Done
          </button>
        }
      >
        <div className="notice warning" role="alert">
          {props.warning}
        </div>
        <CopyField
          label={props.secretLabel(create.data.displayName)}
          value={create.data.secret}
          multiline={props.multiline ?? false}
        />
      </Dialog>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setProblem(trimmed === '' ? 'Enter a name' : undefined);
    if (trimmed !== '') create.mutate(trimmed);
  };
  return (
    <Dialog
      title={props.title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="create-secret-form" className="btn primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create'}
          </button>
        </>
      }
    >
      <form id="create-secret-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problem}
          hint={props.nameHint}
          required
          autoFocus
        />
        {create.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(create.error)}
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
