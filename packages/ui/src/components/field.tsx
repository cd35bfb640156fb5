/**
 * Labelled form controls: every input has a visible label tied to it, a hint and an error read by
 * screen readers with it (`aria-describedby`, `aria-invalid`). Use these instead of bare inputs.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
}

/** The label, hint and error around one control; `children` gets the ids to wire. */
function FieldFrame({
  label,
  hint,
  error,
  required,
  children,
}: FieldFrameProps & { children: (ids: { id: string; describedBy: string | undefined }) => ReactNode }) {
  const id = useId();
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required === true ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({ id, describedBy })}
      {hint === undefined ? null : (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {error === undefined ? null : (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** A labelled text input (any `type`: text, email, password, number...). */
export function TextField({
  label,
  hint,
  error,
  ...input
}: FieldFrameProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={input.required}>
      {({ id, describedBy }) => (
        <input id={id} aria-describedby={describedBy} aria-invalid={error !== undefined} {...input} />
      )}
    </FieldFrame>
  );
}

/** One option of a {@link SelectField}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A labelled native select. */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  ...select
}: FieldFrameProps &
  SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[]; placeholder?: string }) {
  return (
    <FieldFrame label={label} hint={hint} error={error} required={select.required}>
      {({ id, describedBy }) => (
        <select id={id} aria-describedby={describedBy} aria-invalid={error !== undefined} {...select}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
