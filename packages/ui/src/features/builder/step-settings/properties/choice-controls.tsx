/**
 * The controls of properties with choices: a searchable single choice (STATIC_DROPDOWN, DROPDOWN) and a
 * list of checkboxes (the multi-select types). Choice values may be any JSON value, so options
 * are told apart by position; a stored value that is not among the choices (options not loaded
 * yet, or no longer offered) stays shown as "Current value" rather than silently dropped.
 */
import { Combobox } from '../../../../components/combobox';
import { choiceIndex, toggledChoices } from './choice-values';
import type { ControlIds } from './property-frame';
import { sameValue, textOf, type DropdownOption } from './property-values';

/** Props of {@link ChoiceSelect}. */
export interface ChoiceSelectProps {
  ids: ControlIds;
  options: readonly DropdownOption[];
  value: unknown;
  onChange: (value: unknown) => void;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  /** The options are being fetched (a piece's dynamic dropdown). */
  loading?: boolean | undefined;
}

/** A searchable choice over `options`; the empty choice clears the value. */
export function ChoiceSelect({
  ids,
  options,
  value,
  onChange,
  placeholder,
  disabled,
  loading,
}: ChoiceSelectProps) {
  const { index, unlisted } = choiceIndex(options, value);
  const empty = placeholder ?? 'Select an option';
  return (
    <Combobox
      id={ids.id}
      aria-describedby={ids.describedBy}
      aria-invalid={ids.invalid}
      disabled={disabled}
      loading={loading}
      placeholder={empty}
      value={index >= 0 ? String(index) : unlisted ? 'current' : ''}
      options={[
        { value: '', label: empty },
        ...(unlisted ? [{ value: 'current', label: `Current value: ${textOf(value)}` }] : []),
        ...options.map((option, at) => ({ value: String(at), label: option.label })),
      ]}
      onValueChange={(picked) => {
        if (picked === 'current') return;
        onChange(picked === '' ? undefined : options[Number(picked)]?.value);
      }}
    />
  );
}

/** Props of {@link ChoiceCheckboxes}. */
export interface ChoiceCheckboxesProps {
  idPrefix: string;
  options: readonly DropdownOption[];
  value: unknown;
  onChange: (value: unknown[]) => void;
  disabled?: boolean | undefined;
}

/** One checkbox per option; the value is the list of checked options' values, in option order. */
export function ChoiceCheckboxes({ idPrefix, options, value, onChange, disabled }: ChoiceCheckboxesProps) {
  const chosen = Array.isArray(value) ? value : [];
  if (options.length === 0) return <p className="muted small">No options to choose from.</p>;
  return (
    <div className="choice-list">
      {options.map((option, at) => {
        const checked = chosen.some((item) => sameValue(item, option.value));
        const id = `${idPrefix}-${String(at)}`;
        return (
          <div className="check-row" key={`${String(at)}-${option.label}`}>
            <input
              id={id}
              type="checkbox"
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(toggledChoices(options, chosen, option, checked))}
            />
            <label htmlFor={id}>{option.label}</label>
          </div>
        );
      })}
    </div>
  );
}
