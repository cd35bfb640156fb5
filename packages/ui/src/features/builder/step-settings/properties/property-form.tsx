/**
 * A form generated from a property map (a piece action's or trigger's `props`, a DYNAMIC
 * property's computed fields, an array item's fields, a custom auth's props): one
 * {@link PropertyField} per property, in declaration order. With `settings` (a step's top-level
 * form) each property can switch to a typed expression and DYNAMIC properties store their schema.
 */
import type { PropertySettings } from '@piecework/shared';
import { toggledDynamicValue, withSchema } from './dynamic-value';
import { PropertyField } from './property-field';
import {
  dynamicSchema,
  isDynamicValue,
  shownValue,
  type InputValues,
  type PropertyMap,
} from './property-values';

/** One property's settings entry (`{type, schema?}`). */
export type PropertySetting = PropertySettings[string];

/** Props of {@link PropertyForm}. */
export interface PropertyFormProps {
  props: PropertyMap;
  values: InputValues;
  onChange: (name: string, value: unknown) => void;
  /** The step's `propertySettings`, for top-level forms. */
  settings?: {
    value: PropertySettings;
    /** Sets property `name`'s settings, and its value too when `next` is given. */
    onChange: (name: string, setting: PropertySetting, next?: { value: unknown }) => void;
  };
  /** Marks required properties left empty. */
  showErrors: boolean;
  /** Prefix of the controls' ids (unique on the page). */
  idPrefix: string;
}

/** The fields of `props`. */
export function PropertyForm({ props, values, onChange, settings, showErrors, idPrefix }: PropertyFormProps) {
  return (
    <div className="property-form">
      {Object.entries(props).map(([name, property]) => {
        const dynamicOn = isDynamicValue(settings?.value, name);
        const schema = dynamicSchema(settings?.value, name);
        return (
          <PropertyField
            key={name}
            id={`${idPrefix}-${name}`}
            name={name}
            property={property}
            value={shownValue(property, values[name])}
            onChange={(value) => onChange(name, value)}
            showErrors={showErrors}
            dynamicValue={
              settings === undefined
                ? undefined
                : {
                    on: dynamicOn,
                    onToggle: () => {
                      const next = toggledDynamicValue(
                        property,
                        settings.value[name],
                        values[name],
                        dynamicOn,
                      );
                      settings.onChange(name, next.setting, { value: next.value });
                    },
                  }
            }
            schema={
              settings === undefined
                ? undefined
                : {
                    value: schema,
                    onChange: (next) => settings.onChange(name, withSchema(settings.value[name], next)),
                  }
            }
          />
        );
      })}
    </div>
  );
}
