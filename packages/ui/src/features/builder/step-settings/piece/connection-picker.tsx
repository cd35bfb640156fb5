/**
 * The connection of a piece step: a select of the project's connections of that piece, stored as
 * `input.auth = "{{connections['<externalId>']}}"`, and "New connection", which opens the
 * new-connection dialog and selects what it creates. A reference to a connection that no longer
 * exists stays shown ("Missing: ...") so the user sees why the step fails.
 */
import { useId, useState } from 'react';
import { errorMessage } from '../../../../api/error-message';
import { NewConnectionDialog } from '../../../connections/new-connection-dialog';
import { usePieceConnections } from '../../../connections/use-connections';
import { connectionReference, referencedConnection } from './connection-reference';
import { Combobox } from '../../../../components/combobox';

/** Props of {@link ConnectionPicker}. */
export interface ConnectionPickerProps {
  projectId: string;
  pieceName: string;
  /** The step's `input.auth`. */
  value: unknown;
  onChange: (auth: string | undefined) => void;
  required: boolean;
  disabled: boolean;
}

/** Picks (or creates) the step's connection. */
export function ConnectionPicker({
  projectId,
  pieceName,
  value,
  onChange,
  required,
  disabled,
}: ConnectionPickerProps) {
  const id = useId();
  const [creating, setCreating] = useState(false);
  const connections = usePieceConnections(projectId, pieceName);
  const selected = referencedConnection(value);
  const list = connections.data ?? [];
  const missing =
    selected !== undefined && connections.isSuccess && !list.some((c) => c.externalId === selected);
  const empty = selected === undefined && (value === undefined || value === '');
  const hint = connections.isError
    ? errorMessage(connections.error)
    : connections.isSuccess && list.length === 0
      ? 'No connection of this piece yet: create one.'
      : undefined;
  return (
    <div className="prop-field connection-picker">
      <div className="prop-label-row">
        <label htmlFor={id}>
          Connection
          {required ? (
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
      </div>
      <div className="dynamic-dropdown-row">
        <Combobox
          id={id}
          aria-invalid={required && empty}
          aria-describedby={hint === undefined ? undefined : `${id}-hint`}
          value={selected ?? (empty ? '' : 'expression')}
          disabled={disabled || connections.isPending}
          loading={connections.isPending}
          emptyText="No connection of this piece yet"
          options={[
            { value: '', label: connections.isPending ? 'Loading connections…' : 'Select a connection' },
            ...(!empty && selected === undefined
              ? [{ value: 'expression', label: `Expression: ${String(value)}` }]
              : []),
            ...(missing ? [{ value: selected, label: `Missing: ${selected}` }] : []),
            ...list.map((connection) => ({ value: connection.externalId, label: connection.displayName })),
          ]}
          onValueChange={(picked) => {
            if (picked !== 'expression') onChange(picked === '' ? undefined : connectionReference(picked));
          }}
        />
        <button type="button" className="btn small" disabled={disabled} onClick={() => setCreating(true)}>
          New connection
        </button>
      </div>
      {hint === undefined ? null : (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {required && empty ? <div className="field-error">Required</div> : null}
      {creating ? (
        <NewConnectionDialog
          projectId={projectId}
          pieceName={pieceName}
          onClose={() => setCreating(false)}
          onCreated={(connection) => {
            setCreating(false);
            onChange(connectionReference(connection.externalId));
          }}
        />
      ) : null}
    </div>
  );
}
