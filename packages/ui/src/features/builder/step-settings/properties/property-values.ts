/**
 * What the property forms need to know about values: a piece's default input, when a value
 * counts as empty (a required property left empty makes the step invalid), and the choices of a
 * dropdown as the pieces framework nests them (`{options: [{label, value}], disabled?, placeholder?}`).
 */
import type { PieceProperty, PropertySettings } from '@piecework/shared';

/** Properties by name, as a piece action, trigger or custom auth declares them. */
export type PropertyMap = Readonly<Record<string, PieceProperty>>;

/** A step's input (or the value of a DYNAMIC / array-item property): property name to value. */
export type InputValues = Readonly<Record<string, unknown>>;

/** The input a new step starts with: each property's default value, when it has one. */
export function defaultInput(props: PropertyMap): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(props)) {
    if (property.type !== 'MARKDOWN' && property.defaultValue !== undefined)
      input[name] = property.defaultValue;
  }
  return input;
}

/** True for what a required property may not be: nothing, `''`, blank text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim().length === 0;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * Whether a required `property` lacks a value. A property with a default never does: runs use the
 * default in place of a missing or empty value, as the forms show it.
 */
export function isMissing(property: PieceProperty, value: unknown): boolean {
  return property.required && property.defaultValue === undefined && isEmptyValue(value);
}

/** What a form shows for `property`: its value, or its default when it has none. */
export function shownValue(property: PieceProperty, value: unknown): unknown {
  return value === undefined || value === null ? property.defaultValue : value;
}

/** The sub-properties of DYNAMIC property `name` as last answered by the piece, if stored. */
export function dynamicSchema(settings: PropertySettings | undefined, name: string): PropertyMap | undefined {
  const schema = settings?.[name]?.schema;
  return typeof schema === 'object' && schema !== null ? (schema as PropertyMap) : undefined;
}

/** Whether property `name` holds a typed expression instead of its own editor ("Dynamic value"). */
export function isDynamicValue(settings: PropertySettings | undefined, name: string): boolean {
  return settings?.[name]?.type === 'DYNAMIC';
}

/**
 * The names of required properties of `props` whose value in `input` is empty, looking into
 * DYNAMIC properties through their stored schema. MARKDOWN is never required.
 */
export function missingRequired(
  props: PropertyMap,
  input: InputValues,
  settings?: PropertySettings,
): string[] {
  const missing: string[] = [];
  for (const [name, property] of Object.entries(props)) {
    if (property.type === 'MARKDOWN') continue;
    const value = input[name];
    if (isMissing(property, value)) {
      missing.push(name);
      continue;
    }
    const schema = property.type === 'DYNAMIC' ? dynamicSchema(settings, name) : undefined;
    if (schema !== undefined && !isDynamicValue(settings, name) && isRecord(value)) {
      missing.push(...missingRequired(schema, value).map((inner) => `${name}.${inner}`));
    }
  }
  return missing;
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One choice of a dropdown. */
export interface DropdownOption {
  readonly label: string;
  readonly value: unknown;
}

/** A dropdown's choices, and whether (and why) it cannot be used now. */
export interface DropdownState {
  readonly options: readonly DropdownOption[];
  readonly disabled: boolean;
  readonly placeholder: string | undefined;
}

/** Reads the `{options, disabled?, placeholder?}` of a dropdown property or options answer. */
export function readDropdownState(raw: unknown): DropdownState {
  const state = isRecord(raw) ? raw : {};
  const options = Array.isArray(state['options'])
    ? state['options'].filter(isRecord).map((option) => ({
        label: typeof option['label'] === 'string' ? option['label'] : String(option['value']),
        value: option['value'],
      }))
    : [];
  return {
    options,
    disabled: state['disabled'] === true,
    placeholder: typeof state['placeholder'] === 'string' ? state['placeholder'] : undefined,
  };
}

/** Whether two dropdown values are the same choice (values may be objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** A value as the text of a text box: strings as they are, other values as JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
