/**
 * A value to copy (a new API key, an invitation link, a signing key's private key, an MCP
 * server's URL and token): shown read-only in a labelled field (several lines with `multiline`)
 * with a "Copy" button that confirms with a toast. A secret kept on screen (`masked`) shows as
 * dots with a Show / Hide button; Copy copies the value either way.
 */
import { useId } from 'react';
import { useToast } from './toast';

/** Props of {@link CopyField}. */
export interface CopyFieldProps {
  label: string;
  value: string;
  multiline?: boolean;
  /** Show dots instead of the value (default false); give `onToggleMask` to let the user switch. */
  masked?: boolean;
  /** Called by the Show / Hide button, shown only when given. */
  onToggleMask?: () => void;
}

/** The read-only `value` labelled `label`, and its copy button. */
export function CopyField({ label, value, multiline = false, masked = false, onToggleMask }: CopyFieldProps) {
  const id = useId();
  const { toast, toastError } = useToast();
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => toast('Copied to the clipboard'),
      () => toastError(new Error('The browser refused to copy: select the text and copy it yourself.')),
    );
  };
  const shown = masked ? '•'.repeat(Math.min(value.length, 32)) : value;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="secret-box">
        {multiline ? (
          <textarea id={id} value={shown} readOnly rows={8} onFocus={(event) => event.target.select()} />
        ) : (
          <input id={id} value={shown} readOnly onFocus={(event) => event.target.select()} />
        )}
        {onToggleMask === undefined ? null : (
          <button type="button" className="btn" aria-pressed={!masked} onClick={onToggleMask}>
            {masked ? 'Show' : 'Hide'}
            <span className="visually-hidden"> {label}</span>
          </button>
        )}
        <button type="button" className="btn" onClick={copy}>
          Copy
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </div>
  );
}
