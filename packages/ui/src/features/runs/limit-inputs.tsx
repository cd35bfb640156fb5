/**
 * The three limit fields (QUEUED, RUNNING, PAUSED, in minutes) the limit forms share. A blank
 * field is "no value": the flow form reads it as "the platform's default".
 */
import { TextField } from '../../components/field';

/** The fields' values as typed (strings: a field may be blank). */
export interface LimitTexts {
  queuedMinutes: string;
  runningMinutes: string;
  pausedMinutes: string;
}

/** The label of each field. */
const LABELS: Record<keyof LimitTexts, string> = {
  queuedMinutes: 'Queued for longer than (minutes)',
  runningMinutes: 'Running for longer than (minutes)',
  pausedMinutes: 'Paused for longer than (minutes)',
};

/** Props of {@link LimitInputs}. */
export interface LimitInputsProps {
  values: LimitTexts;
  onChange: (values: LimitTexts) => void;
  /** What a blank field means (the flow form: the platform's default), shown as a placeholder. */
  placeholders?: Partial<LimitTexts>;
  /** The error of each field, by field. */
  errors?: Partial<Record<keyof LimitTexts, string>>;
  disabled?: boolean;
}

/** The three number fields. */
export function LimitInputs({
  values,
  onChange,
  placeholders = {},
  errors = {},
  disabled,
}: LimitInputsProps) {
  return (
    <div className="limit-inputs">
      {(Object.keys(LABELS) as (keyof LimitTexts)[]).map((key) => (
        <TextField
          key={key}
          label={LABELS[key]}
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          value={values[key]}
          placeholder={placeholders[key]}
          error={errors[key]}
          disabled={disabled}
          onChange={(event) => onChange({ ...values, [key]: event.target.value })}
        />
      ))}
    </div>
  );
}

/** The texts of a set of limits (null: blank). */
export function textsOf(limits: Record<keyof LimitTexts, number | null>): LimitTexts {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    queuedMinutes: text(limits.queuedMinutes),
    runningMinutes: text(limits.runningMinutes),
    pausedMinutes: text(limits.pausedMinutes),
  };
}

/** The limits typed, each a whole number or null when blank (the server checks the range). */
export function limitsOf(texts: LimitTexts): Record<keyof LimitTexts, number | null> {
  const value = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    queuedMinutes: value(texts.queuedMinutes),
    runningMinutes: value(texts.runningMinutes),
    pausedMinutes: value(texts.pausedMinutes),
  };
}
