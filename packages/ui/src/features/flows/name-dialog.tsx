/**
 * A dialog asking for one name (new folder, rename a folder or a flow): the field starts with the
 * current name, Enter submits, an empty name is refused in the form and the server's refusal (a
 * folder name taken) is shown under the field.
 */
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';

/** Props of {@link NameDialog}. */
export interface NameDialogProps {
  title: string;
  /** The field's label, e.g. "Folder name". */
  label: string;
  initial?: string;
  /** The submit button's text, e.g. "Create". */
  submitLabel: string;
  /** Saves the name; a rejection keeps the dialog open with its message. */
  onSubmit: (name: string) => Promise<unknown>;
  onClose: () => void;
}

/** The dialog; closes itself after `onSubmit` succeeds. */
export function NameDialog({ title, label, initial = '', submitLabel, onSubmit, onClose }: NameDialogProps) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = `name-dialog-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(`${label} cannot be empty.`);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(trimmed);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn primary" disabled={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={label}
          value={name}
          required
          autoFocus
          error={error}
          maxLength={200}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
