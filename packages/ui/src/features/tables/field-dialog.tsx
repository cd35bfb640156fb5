/**
 * The dialog adding a field (column) to a table: its name, its type (Text, Number, Date or
 * Dropdown) and, for a dropdown, its options one per line. The server's refusal (a name taken)
 * is shown in the dialog, which stays open.
 */
import type { CreateFieldRequest, FieldType } from '@piecework/shared';
import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/error-message';
import { Dialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';

/** The field types as users read them. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  TEXT: 'Text',
  NUMBER: 'Number',
  DATE: 'Date',
  STATIC_DROPDOWN: 'Dropdown',
};

/** The distinct, non-empty lines of `text`, as dropdown options. */
export function optionsOfLines(text: string): { value: string }[] {
  const values = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return [...new Set(values)].map((value) => ({ value }));
}

/** Props of {@link AddFieldDialog}. */
export interface AddFieldDialogProps {
  /** Adds the field; a rejection keeps the dialog open with its message. */
  onSubmit: (field: Omit<CreateFieldRequest, 'tableId'>) => Promise<unknown>;
  onClose: () => void;
}

/** The dialog; closes itself once the field is added. */
export function AddFieldDialog({ onSubmit, onClose }: AddFieldDialogProps) {
  const [name, setName] = useState('');
  const [type, setType] = useState<FieldType>('TEXT');
  const [options, setOptions] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const optionsId = `${formId}-options`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Field name cannot be empty.');
      return;
    }
    const choices = optionsOfLines(options);
    if (type === 'STATIC_DROPDOWN' && choices.length === 0) {
      setError('A dropdown needs at least one option.');
      return;
    }
    setBusy(true);
    try {
      await onSubmit({
        name: name.trim(),
        type,
        ...(type === 'STATIC_DROPDOWN' ? { data: { options: choices } } : {}),
      });
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="New field"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn primary" disabled={busy}>
            Add field
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Field name"
          value={name}
          required
          autoFocus
          maxLength={255}
          error={error}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <SelectField
          label="Type"
          value={type}
          options={Object.entries(FIELD_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          onValueChange={(value) => setType(value as FieldType)}
        />
        {type === 'STATIC_DROPDOWN' ? (
          <div className="field">
            <label htmlFor={optionsId}>Options</label>
            <textarea
              id={optionsId}
              rows={4}
              value={options}
              aria-describedby={`${optionsId}-hint`}
              onChange={(event) => {
                setOptions(event.target.value);
                setError(undefined);
              }}
            />
            <div id={`${optionsId}-hint`} className="field-hint">
              One option per line.
            </div>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
