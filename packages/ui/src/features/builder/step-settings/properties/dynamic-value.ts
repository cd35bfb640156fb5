/**
 * A step property's "Dynamic value" switch and stored schema, as `propertySettings[name]`
 * (`{type: 'MANUAL' | 'DYNAMIC', schema?}`) holds them. Switching to a typed expression keeps
 * the current value as the expression's text; switching back starts over from the default.
 */
import type { PieceProperty, PropertySettings } from '@piecework/shared';
import { textOf } from './property-values';

/** One property's settings entry (`{type, schema?}`). */
type Setting = PropertySettings[string];

/**
 * The settings entry and value of `property` after its "Dynamic value" switch, now `on`, is
 * flipped; `setting` and `value` are its settings entry and value before.
 */
export function toggledDynamicValue(
  property: PieceProperty,
  setting: Setting | undefined,
  value: unknown,
  on: boolean,
): { setting: Setting; value: unknown } {
  return {
    setting: { ...setting, type: on ? 'MANUAL' : 'DYNAMIC' },
    value: on ? property.defaultValue : textOf(value),
  };
}

/** The settings entry of a DYNAMIC property storing `schema`, its switch left as it is. */
export function withSchema(setting: Setting | undefined, schema: unknown): Setting {
  return { type: setting?.type ?? 'MANUAL', schema };
}
