/**
 * One field of a generated form, by its type: text, long text, number, toggle (the app's Switch)
 * or file; labelled, its description shown, required marked, its error read with it.
 */
import type { FormInput } from '@piecework/shared';
import { useId } from 'react';
import { FieldFrame } from '../../components/field';
import { Switch } from '../../components/switch';
import type { FormValue } from './form-values';

/** Props of {@link FormField}. */
export interface FormFieldProps {
  input: FormInput;
  value: FormValue;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: FormValue) => void;
}

/** The control of `input`. */
export function FormField({ input, value, error, disabled, onChange }: FormFieldProps) {
  const hint =
    input.description === null || input.description === undefined || input.description === ''
      ? undefined
      : input.description;
  if (input.type === 'toggle') {
    return (
      <ToggleField input={input} on={value === true} hint={hint} disabled={disabled} onChange={onChange} />
    );
  }
  const required = input.required === true;
  return (
    <FieldFrame label={input.displayName} hint={hint} error={error} required={required}>
      {({ id, describedBy }) => {
        const common = {
          id,
          'aria-describedby': describedBy,
          'aria-invalid': error !== undefined,
          'aria-required': required,
          disabled,
        };
        switch (input.type) {
          case 'text_area':
            return (
              <textarea
                {...common}
                rows={4}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => onChange(event.target.value)}
              />
            );
          case 'file':
            return (
              <input
                {...common}
                type="file"
                onChange={(event) => onChange(event.target.files?.[0] ?? null)}
              />
            );
          default:
            return (
              <input
                {...common}
                type="text"
                inputMode={input.type === 'number' ? 'decimal' : undefined}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => onChange(event.target.value)}
              />
            );
        }
      }}
    </FieldFrame>
  );
}

function ToggleField({
  input,
  on,
  hint,
  disabled,
  onChange,
}: {
  input: FormInput;
  on: boolean;
  hint: string | undefined;
  disabled: boolean;
  onChange: (value: FormValue) => void;
}) {
  const hintId = useId();
  return (
    <div className="field">
      <div className="hi-toggle">
        <Switch
          on={on}
          label={input.displayName}
          describedBy={hint === undefined ? undefined : hintId}
          disabled={disabled}
          onToggle={onChange}
        />
        <span aria-hidden="true">{input.displayName}</span>
      </div>
      {hint === undefined ? null : (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
    </div>
  );
}
