/**
 * A labelled text field that edits a saved value: typing changes a local draft, which is saved
 * (`onCommit`) when the field loses focus or on Enter, and dropped on Escape. Give it
 * `key={value}` so a value saved elsewhere (another tab) replaces the draft.
 */
import { useId, useState, type InputHTMLAttributes } from 'react';

/** Props of {@link DraftTextField}. */
export interface DraftTextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'defaultValue' | 'onChange' | 'onBlur'
> {
  label: string;
  /** Hide the label visually (it still names the field). */
  hideLabel?: boolean;
  value: string;
  /** Saves a changed draft; an empty draft is refused when `required`. */
  onCommit: (value: string) => void;
}

/** A text field saved on blur or Enter. */
export function DraftTextField({
  label,
  hideLabel,
  value,
  onCommit,
  required,
  className,
  ...input
}: DraftTextFieldProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const commit = () => {
    if (draft === value) return;
    if (required === true && draft.trim() === '') setDraft(value);
    else onCommit(draft);
  };
  return (
    <div className={`draft-field ${className ?? ''}`}>
      <label htmlFor={id} className={hideLabel === true ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <input
        id={id}
        {...input}
        required={required}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          } else if (event.key === 'Escape') {
            setDraft(value);
          }
        }}
      />
    </div>
  );
}
