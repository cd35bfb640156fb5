/**
 * "Continue on failure" and "Retry on failure" of a CODE or PIECE step
 * (`settings.errorHandlingOptions`), with the piece action's defaults and hidden switches applied.
 */
import type { ErrorHandlingOptions } from '@piecework/shared';
import { useId } from 'react';

/** A piece action's defaults for the switches (`errorHandlingOptions` of its metadata). */
export interface ErrorHandlingDefaults {
  readonly continueOnFailure?:
    { readonly defaultValue?: boolean | undefined; readonly hide?: boolean | undefined } | undefined;
  readonly retryOnFailure?:
    { readonly defaultValue?: boolean | undefined; readonly hide?: boolean | undefined } | undefined;
}

/** Props of {@link ErrorHandlingSwitches}. */
export interface ErrorHandlingSwitchesProps {
  value: ErrorHandlingOptions | undefined;
  onChange: (value: ErrorHandlingOptions) => void;
  defaults?: ErrorHandlingDefaults | undefined;
}

const SWITCHES = [
  ['continueOnFailure', 'Continue on failure', 'The flow goes on when this step fails.'],
  ['retryOnFailure', 'Retry on failure', 'Up to four attempts before the step fails.'],
] as const;

/** The two switches, in a group. */
export function ErrorHandlingSwitches({ value, onChange, defaults }: ErrorHandlingSwitchesProps) {
  const id = useId();
  const shown = SWITCHES.filter(([key]) => defaults?.[key]?.hide !== true);
  if (shown.length === 0) return null;
  return (
    <fieldset className="prop-field prop-group error-handling">
      <legend>On failure</legend>
      {shown.map(([key, label, hint]) => {
        const checked = value?.[key]?.value ?? defaults?.[key]?.defaultValue ?? false;
        return (
          <div className="check-row" key={key}>
            <input
              id={`${id}-${key}`}
              type="checkbox"
              checked={checked}
              aria-describedby={`${id}-${key}-hint`}
              onChange={(event) => onChange({ ...value, [key]: { value: event.target.checked } })}
            />
            <label htmlFor={`${id}-${key}`}>{label}</label>
            <span id={`${id}-${key}-hint`} className="field-hint">
              {hint}
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}
