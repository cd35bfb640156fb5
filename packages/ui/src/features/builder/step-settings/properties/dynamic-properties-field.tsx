/**
 * DYNAMIC properties: sub-properties the piece computes (`POST /v1/pieces/options` answers a
 * property map) from the connection and the step's other inputs. Their values are stored as one
 * object under the property's name, and the map itself in `propertySettings[name].schema`, where
 * the run reads it to process the values (as the Activepieces builder stores it).
 */
import type { PieceProperty } from '@piecework/shared';
import { useEffect } from 'react';
import { errorMessage } from '../../../../api/error-message';
import { useOptionsSource } from './options-source';
import { PropertyForm } from './property-form';
import { isRecord, type PropertyMap } from './property-values';
import { usePropertyOptions } from './use-property-options';
import { RefreshButton } from './refresh-button';

/** Props of {@link DynamicPropertiesField}. */
export interface DynamicPropertiesFieldProps {
  idPrefix: string;
  name: string;
  property: PieceProperty;
  value: unknown;
  onChange: (value: Record<string, unknown>) => void;
  /** The stored schema, and how to store a new one. */
  schema: PropertyMap | undefined;
  onSchema: (schema: PropertyMap) => void;
  showErrors: boolean;
}

/** The piece-computed fields of a DYNAMIC property. */
export function DynamicPropertiesField(props: DynamicPropertiesFieldProps) {
  const { idPrefix, name, property, value, onChange, schema, onSchema, showErrors } = props;
  const query = usePropertyOptions(name, property);
  const available = useOptionsSource() !== null;
  const answered = isRecord(query.data?.options) ? (query.data.options as PropertyMap) : undefined;
  useEffect(() => {
    if (answered !== undefined && JSON.stringify(answered) !== JSON.stringify(schema)) onSchema(answered);
  }, [answered, schema, onSchema]);
  const fields = answered ?? schema;
  const values = isRecord(value) ? value : {};
  return (
    <div className="dynamic-properties">
      <div className="dynamic-dropdown-row">
        <span className="field-hint" role="status">
          {!available
            ? 'These fields are computed in a step of a flow.'
            : query.isFetching
              ? 'Loading fields…'
              : query.isError
                ? errorMessage(query.error)
                : fields !== undefined && Object.keys(fields).length === 0
                  ? 'No fields for the current input.'
                  : ''}
        </span>
        <RefreshButton
          label={`Refresh the fields of ${property.displayName}`}
          disabled={!available || query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      </div>
      {fields === undefined ? null : (
        <PropertyForm
          idPrefix={idPrefix}
          props={fields}
          values={values}
          onChange={(key, inner) => onChange({ ...values, [key]: inner })}
          showErrors={showErrors}
        />
      )}
    </div>
  );
}
