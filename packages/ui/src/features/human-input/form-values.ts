/**
 * A generated form's values: prefilled from the page's query parameters (keys matched without
 * regard to case, as Activepieces does), checked before sending, and sent as multipart under each
 * field's {@link formInputKey}. Fields whose keys collide share one value.
 */
import { formInputKey, type FormInput } from '@piecework/shared';

/** One field's value: text (text, long text, number), on/off (toggle) or a chosen file. */
export type FormValue = string | boolean | File | null;

/** The values of a form, by field key. */
export type FormValues = Readonly<Record<string, FormValue>>;

/** The message of each field that stops the submission, by field key. */
export type FormErrors = Readonly<Record<string, string>>;

const TRUTHY = new Set(['true', '1', 'yes', 'on']);

/** The first values of `inputs`: empty, or the query parameter named as the field's key. */
export function initialFormValues(inputs: readonly FormInput[], search: URLSearchParams): FormValues {
  const query = new Map<string, string>();
  for (const [name, value] of search) query.set(name.toLowerCase(), value);
  const values: Record<string, FormValue> = {};
  for (const input of inputs) {
    const key = formInputKey(input.displayName);
    const given = query.get(key.toLowerCase());
    values[key] = initialValue(input, given);
  }
  return values;
}

function initialValue(input: FormInput, given: string | undefined): FormValue {
  switch (input.type) {
    case 'toggle':
      return given !== undefined && TRUTHY.has(given.toLowerCase());
    case 'file':
      return null;
    default:
      return given ?? '';
  }
}

/** Why each field of `values` cannot be sent (empty when the form can be sent). */
export function validateForm(inputs: readonly FormInput[], values: FormValues): FormErrors {
  const errors: Record<string, string> = {};
  for (const input of inputs) {
    const key = formInputKey(input.displayName);
    const error = fieldError(input, values[key] ?? null);
    if (error !== undefined && errors[key] === undefined) errors[key] = error;
  }
  return errors;
}

function fieldError(input: FormInput, value: FormValue): string | undefined {
  const required = input.required === true;
  switch (input.type) {
    case 'toggle':
      return undefined;
    case 'file':
      return required && !(value instanceof File) ? `Choose a file for ${input.displayName}` : undefined;
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') return required ? `Enter ${input.displayName}` : undefined;
      return Number.isFinite(Number(text)) ? undefined : `${input.displayName} must be a number`;
    }
    default: {
      const text = typeof value === 'string' ? value : '';
      return required && text.trim() === '' ? `Enter ${input.displayName}` : undefined;
    }
  }
}

/** The multipart body of a submission: every field under its key, files with their names. */
export function formBody(inputs: readonly FormInput[], values: FormValues): FormData {
  const body = new FormData();
  const sent = new Set<string>();
  for (const input of inputs) {
    const key = formInputKey(input.displayName);
    if (sent.has(key)) continue;
    sent.add(key);
    const value = values[key] ?? null;
    if (value instanceof File) body.append(key, value, value.name);
    else if (typeof value === 'boolean') body.append(key, String(value));
    else if (value !== null) body.append(key, value);
  }
  return body;
}
