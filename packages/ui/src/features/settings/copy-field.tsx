/**
 * A value to copy once (a new API key, an invitation link, a signing key's private key): shown
 * read-only in a labelled field (several lines with `multiline`) with a "Copy" button that
 * confirms with a toast.
 */
import { useId } from 'react';
import { useToast } from '../../components/toast';

/** The read-only `value` labelled `label`, and its copy button. */
export function CopyField({
  label,
  value,
  multiline = false,
}: {
  label: string;
  value: string;
  multiline?: boolean;
}) {
  const id = useId();
  const { toast, toastError } = useToast();
  const copy = () => {
    navigator.clipboard.writeText(value).then(
      () => toast('Copied to the clipboard'),
      () => toastError(new Error('The browser refused to copy: select the text and copy it yourself.')),
    );
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="secret-box">
        {multiline ? (
          <textarea id={id} value={value} readOnly rows={8} onFocus={(event) => event.target.select()} />
        ) : (
          <input id={id} value={value} readOnly onFocus={(event) => event.target.select()} />
        )}
        <button type="button" className="btn" onClick={copy}>
          Copy
        </button>
      </div>
    </div>
  );
}
