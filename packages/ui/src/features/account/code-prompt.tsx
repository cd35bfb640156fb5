/**
 * A small form asking for a code before a two-factor change (new recovery codes, turning it off):
 * one field, a confirm and a cancel button, the server's refusal under the field.
 */
import { useState, type FormEvent } from 'react';
import { TextField } from '../../components/field';

/** Props of {@link CodePrompt}. */
export interface CodePromptProps {
  label: string;
  hint?: string;
  confirmLabel: string;
  pending: boolean;
  error?: string | undefined;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}

/** The code form. */
export function CodePrompt({
  label,
  hint,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: CodePromptProps) {
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    setMissing(typed === '' ? 'Enter a code' : undefined);
    if (typed !== '') onConfirm(typed);
  };
  return (
    <form className="code-prompt" onSubmit={onSubmit} noValidate>
      <TextField
        label={label}
        hint={hint}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        error={missing ?? error}
        required
      />
      <div className="button-row">
        <button type="submit" className="btn primary" disabled={pending}>
          {confirmLabel}
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
