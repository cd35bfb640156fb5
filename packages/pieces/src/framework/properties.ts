import { PropertyType } from '@piecework/shared';
import type { ActionContext } from '../context/action-context';
import type { PiecePropertyDefinition } from './piece-definition';

/** What every property builder takes: the label, whether it must be set, and an optional default. */
export interface PropertyOptions {
  displayName: string;
  description?: string;
  required: boolean;
  defaultValue?: unknown;
}

/** One choice of a dropdown (`value` is what the step receives). */
export interface DropdownOption {
  label: string;
  value: unknown;
  description?: string;
}

/** The choices of a static dropdown, as Activepieces nests them (`options.options`). */
export interface DropdownState {
  options: DropdownOption[];
  disabled?: boolean;
  placeholder?: string;
}

/** What design-time callbacks (`options`, `props`) get besides the current input values. */
export type PropertyContext = Pick<ActionContext, 'server' | 'project' | 'flows' | 'connections'> & {
  searchValue?: string;
};

/** A DYNAMIC property's sub-properties, computed from the values of its `refreshers`. */
export type DynamicPropsFn = (
  propsValue: Record<string, unknown>,
  ctx: PropertyContext,
) => Promise<Record<string, PiecePropertyDefinition>>;

/** A DROPDOWN property's choices, computed from the values of its `refreshers`. */
export type DropdownOptionsFn = (
  propsValue: Record<string, unknown>,
  ctx: PropertyContext,
) => Promise<DropdownState>;

/** Display variants of a MARKDOWN property. */
export type MarkdownVariant = 'BORDERLESS' | 'INFO' | 'WARNING' | 'TIP';

function build(
  type: PropertyType,
  options: PropertyOptions & Record<string, unknown>,
): PiecePropertyDefinition {
  return { ...options, type };
}

/**
 * Property builders in Activepieces' shape: each spreads its options and adds the
 * `type` string (`SHORT_TEXT`, `STATIC_DROPDOWN`, `DYNAMIC`, ...), so flows exported from
 * Activepieces validate against built-in pieces unchanged.
 *
 * @example
 * ```ts
 * const props = {
 *   key: Property.ShortText({ displayName: 'Key', required: true }),
 *   unit: Property.StaticDropdown({
 *     displayName: 'Unit',
 *     required: true,
 *     defaultValue: 'seconds',
 *     options: { options: [{ label: 'Seconds', value: 'seconds' }] },
 *   }),
 * };
 * ```
 */
export const Property = {
  ShortText: (options: PropertyOptions) => build(PropertyType.enum.SHORT_TEXT, { ...options }),
  LongText: (options: PropertyOptions) => build(PropertyType.enum.LONG_TEXT, { ...options }),
  Number: (options: PropertyOptions) => build(PropertyType.enum.NUMBER, { ...options }),
  Checkbox: (options: PropertyOptions) => build(PropertyType.enum.CHECKBOX, { ...options }),
  DateTime: (options: PropertyOptions) => build(PropertyType.enum.DATE_TIME, { ...options }),
  Color: (options: PropertyOptions) => build(PropertyType.enum.COLOR, { ...options }),
  Json: (options: PropertyOptions) => build(PropertyType.enum.JSON, { ...options }),
  Object: (options: PropertyOptions) => build(PropertyType.enum.OBJECT, { ...options }),
  File: (options: PropertyOptions & { streaming?: boolean }) => build(PropertyType.enum.FILE, { ...options }),
  /** A list; with `properties`, a list of objects with those fields. */
  Array: (options: PropertyOptions & { properties?: Record<string, PiecePropertyDefinition> }) =>
    build(PropertyType.enum.ARRAY, { ...options }),
  StaticDropdown: (options: PropertyOptions & { options: DropdownState }) =>
    build(PropertyType.enum.STATIC_DROPDOWN, { ...options }),
  StaticMultiSelectDropdown: (options: PropertyOptions & { options: DropdownState }) =>
    build(PropertyType.enum.STATIC_MULTI_SELECT_DROPDOWN, { ...options }),
  Dropdown: (options: PropertyOptions & { refreshers: string[]; options: DropdownOptionsFn }) =>
    build(PropertyType.enum.DROPDOWN, { ...options }),
  MultiSelectDropdown: (options: PropertyOptions & { refreshers: string[]; options: DropdownOptionsFn }) =>
    build(PropertyType.enum.MULTI_SELECT_DROPDOWN, { ...options }),
  /** Sub-properties that depend on other inputs (`refreshers`); the step receives an object. */
  DynamicProperties: (options: PropertyOptions & { refreshers: string[]; props: DynamicPropsFn }) =>
    build(PropertyType.enum.DYNAMIC, { ...options }),
  /** Display-only text; never an input. Activepieces keeps the text in `description`. */
  MarkDown: (options: { value: string; variant?: MarkdownVariant }): PiecePropertyDefinition => ({
    displayName: 'Markdown',
    required: false,
    description: options.value,
    type: PropertyType.enum.MARKDOWN,
    variant: options.variant ?? 'INFO',
  }),
};
