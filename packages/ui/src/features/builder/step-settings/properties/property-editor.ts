/**
 * Which editor a property of a generated form gets, and what it shows: texts, numbers, dates,
 * files, JSON and custom properties are one text accepting `{{ }}` references; the other types
 * have their own control, which can be switched to a typed expression ("Dynamic value"); those
 * made of several controls are framed as a group. A required property left empty says "Required".
 */
import type { PieceProperty, PropertyType } from '@piecework/shared';
import { isMissing, textOf } from './property-values';

/** The types whose editor can be switched to a typed expression. */
const SWITCHABLE: ReadonlySet<PropertyType> = new Set([
  'CHECKBOX',
  'STATIC_DROPDOWN',
  'STATIC_MULTI_SELECT_DROPDOWN',
  'DROPDOWN',
  'MULTI_SELECT_DROPDOWN',
  'OBJECT',
  'ARRAY',
  'DYNAMIC',
]);

/** The types edited as one text; the value is what was typed. */
const TEXT_ROWS: Partial<Record<PropertyType, number | undefined>> = {
  SHORT_TEXT: undefined,
  NUMBER: undefined,
  DATE_TIME: undefined,
  FILE: undefined,
  LONG_TEXT: 3,
  JSON: 6,
  CUSTOM: 3,
};

/** How a property is edited (see {@link editorOf}). */
export interface PropertyEditor {
  /** Whether it offers the "Dynamic value" switch. */
  readonly switchable: boolean;
  /** Edited as one text accepting `{{ }}` references. */
  readonly asText: boolean;
  /** The lines of that text (undefined: one line). */
  readonly rows: number | undefined;
  /** Several controls, framed as a group with a legend. */
  readonly group: boolean;
}

/** The editor of a property of `type`, its "Dynamic value" switch on or off. */
export function editorOf(type: PropertyType, dynamicOn: boolean): PropertyEditor {
  const asText = dynamicOn || type in TEXT_ROWS;
  const group =
    !asText &&
    ['STATIC_MULTI_SELECT_DROPDOWN', 'MULTI_SELECT_DROPDOWN', 'OBJECT', 'ARRAY', 'DYNAMIC'].includes(type);
  return { switchable: SWITCHABLE.has(type), asText, rows: dynamicOn ? undefined : TEXT_ROWS[type], group };
}

/** The message under a property: "Required" for a required one left empty, once errors are shown. */
export function requiredError(
  property: PieceProperty,
  value: unknown,
  showErrors: boolean,
): string | undefined {
  return showErrors && isMissing(property, value) ? 'Required' : undefined;
}

/** The text a text editor shows for `value`: JSON properties' values as indented JSON. */
export function controlText(property: PieceProperty, value: unknown): string {
  return property.type === 'JSON' && typeof value !== 'string' && value !== undefined
    ? JSON.stringify(value, null, 2)
    : textOf(value);
}

/** Whether a checkbox with `value` is checked (`true`, or the text "true"). */
export function isChecked(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The colour a COLOR property's picker shows for `text`: itself when it is `#rrggbb`, else black. */
export function pickerColor(text: string): string {
  return /^#[0-9a-f]{6}$/i.test(text) ? text : '#000000';
}
