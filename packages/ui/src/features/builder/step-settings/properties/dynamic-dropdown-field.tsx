/**
 * DROPDOWN and MULTI_SELECT_DROPDOWN: choices computed by the piece (`POST /v1/pieces/options`)
 * from the connection and the step's other inputs. Shows the piece's placeholder when it answers
 * `disabled` (e.g. "Connect first"), the server's message when the call fails, and a refresh button.
 */
import type { PieceProperty } from '@piecework/shared';
import { errorMessage } from '../../../../api/error-message';
import { ChoiceCheckboxes, ChoiceSelect } from './choice-controls';
import type { ControlIds } from './property-frame';
import { useOptionsSource } from './options-source';
import { readDropdownState } from './property-values';
import { usePropertyOptions } from './use-property-options';
import { RefreshButton } from './refresh-button';

/** Props of {@link DynamicDropdownField}. */
export interface DynamicDropdownFieldProps {
  ids: ControlIds;
  name: string;
  property: PieceProperty;
  value: unknown;
  onChange: (value: unknown) => void;
  multiple: boolean;
}

/** A dropdown filled by the piece. */
export function DynamicDropdownField({
  ids,
  name,
  property,
  value,
  onChange,
  multiple,
}: DynamicDropdownFieldProps) {
  const query = usePropertyOptions(name, property);
  const available = useOptionsSource() !== null;
  const state = readDropdownState(query.data?.options);
  const status = !available
    ? 'The choices are computed in a step of a flow.'
    : query.isFetching
      ? 'Loading options…'
      : query.isError
        ? errorMessage(query.error)
        : state.disabled && multiple
          ? (state.placeholder ?? 'Not available yet')
          : undefined;
  return (
    <div className="dynamic-dropdown">
      <div className="dynamic-dropdown-row">
        {multiple ? (
          <ChoiceCheckboxes
            idPrefix={ids.id}
            options={state.options}
            value={value}
            onChange={onChange}
            disabled={state.disabled}
          />
        ) : (
          <ChoiceSelect
            ids={ids}
            options={state.options}
            value={value}
            onChange={onChange}
            placeholder={state.disabled ? state.placeholder : undefined}
            disabled={state.disabled || !available || query.isPending}
            loading={query.isFetching}
          />
        )}
        <RefreshButton
          label={`Refresh the options of ${property.displayName}`}
          disabled={!available || query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      </div>
      {status === undefined ? null : (
        <div className={`field-hint ${query.isError ? 'field-error' : ''}`} role="status">
          {status}
        </div>
      )}
    </div>
  );
}
