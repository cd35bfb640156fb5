/**
 * Labelled form controls: every input has a visible label tied to it, a hint and an error read by
 * screen readers with it (`aria-describedby`, `aria-invalid`). Use these instead of bare inputs.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Combobox } from './combobox';

/** What every labelled control shows around it: its label, a hint, an error, the required mark. */
export interface FieldFrameProps {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean | undefined;
}

/**
 * The label, hint and error around one control; `children` gets the ids to wire (`id` on the
 * control, `describedBy` as its `aria-describedby`). Use it for a control the fields below do not
 * cover (a long text, a file).
 */
export function FieldFrame({
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

/** Props of {@link SelectField} beyond its label, hint and error. */
export interface SelectFieldProps extends FieldFrameProps {
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  /** A first option of value `""` (e.g. "All categories", "Choose a project"). */
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  /** Marks the label with "*"; the form's submit must still check that a value is chosen. */
  required?: boolean | undefined;
  /** Options are being fetched: the list says so. */
  loading?: boolean | undefined;
}

/** A labelled searchable choice (a {@link Combobox}); use it for every pick from a list. */
export function SelectField({
  label,
  hint,
  error,
  options,
  placeholder,
  required,
  ...choice
}: SelectFieldProps) {
  const all = placeholder === undefined ? options : [{ value: '', label: placeholder }, ...options];
  return (
    <FieldFrame label={label} hint={hint} error={error} required={required}>
      {({ id, describedBy }) => (
        <Combobox
          id={id}
          aria-describedby={describedBy}
          aria-invalid={error !== undefined}
          options={all}
          placeholder={placeholder}
          {...choice}
        />
      )}
    </FieldFrame>
  );
}
