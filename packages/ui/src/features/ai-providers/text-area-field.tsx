/**
 * A labelled multi-line text box with a hint and an error, wired like `TextField` (the provider
 * dialog's model list). Use `TextField` for one line.
 */
import { useId, type TextareaHTMLAttributes } from 'react';

/** Props of {@link TextAreaField}. */
export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hint?: string;
  error?: string | undefined;
}

/** A `<textarea>` with its label, hint and error. */
export function TextAreaField({ label, hint, error, ...area }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [hint === undefined ? '' : `${id}-hint`, error === undefined ? '' : `${id}-error`]
    .filter((part) => part !== '')
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {area.required === true ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        id={id}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        aria-invalid={error !== undefined}
        {...area}
      />
      {hint === undefined ? null : (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {error === undefined ? null : (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
