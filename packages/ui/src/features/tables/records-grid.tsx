/**
 * The grid of a table: a column per field (its name, type and a menu: rename, delete), a row per
 * record with a checkbox to select it, and each cell a button that opens its inline editor
 * ({@link CellEditor}): click it, or focus it and press Enter.
 */
import type { Field, PopulatedRecord } from '@piecework/shared';
import { MenuButton } from '../../components/menu-button';
import { CellEditor } from './cell-editor';
import { FIELD_TYPE_LABELS } from './field-dialog';

/** The cell being edited. */
export interface EditedCell {
  recordId: string;
  fieldId: string;
}

/** Props of {@link RecordsGrid}. */
export interface RecordsGridProps {
  fields: readonly Field[];
  records: readonly PopulatedRecord[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  editing: EditedCell | null;
  onEdit: (cell: EditedCell | null) => void;
  onSaveCell: (cell: EditedCell, value: string | null) => void;
  onAddField: () => void;
  onRenameField: (field: Field) => void;
  onDeleteField: (field: Field) => void;
}

/** The grid's `<table>`. */
export function RecordsGrid(props: RecordsGridProps) {
  const { fields, records, selected, onSelect, editing, onEdit } = props;
  const allSelected = records.length > 0 && records.every((record) => selected.has(record.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <div className="table-wrap grid-wrap">
      <table className="data records-grid">
        <thead>
          <tr>
            <th scope="col" className="select-col">
              <input
                type="checkbox"
                aria-label="Select all rows"
                checked={allSelected}
                disabled={records.length === 0}
                onChange={() =>
                  onSelect(allSelected ? new Set() : new Set(records.map((record) => record.id)))
                }
              />
            </th>
            {fields.map((field) => (
              <th key={field.id} scope="col">
                <div className="field-head">
                  <span>
                    {field.name} <span className="field-type">{FIELD_TYPE_LABELS[field.type]}</span>
                  </span>
                  <MenuButton
                    label={`Actions of field ${field.name}`}
                    items={[
                      { label: 'Rename', onSelect: () => props.onRenameField(field) },
                      { label: 'Delete', danger: true, onSelect: () => props.onDeleteField(field) },
                    ]}
                  />
                </div>
              </th>
            ))}
            <th scope="col" className="add-field-col">
              <button type="button" className="btn small" onClick={props.onAddField}>
                + New field
              </button>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record, index) => {
            const row = String(index + 1);
            return (
              <tr key={record.id} aria-selected={selected.has(record.id)}>
                <td className="select-col">
                  <input
                    type="checkbox"
                    aria-label={`Select row ${row}`}
                    checked={selected.has(record.id)}
                    onChange={() => toggle(record.id)}
                  />
                </td>
                {fields.map((field) => {
                  const value = record.cells[field.id]?.value ?? null;
                  const label = `${field.name} of row ${row}`;
                  const isEdited = editing?.recordId === record.id && editing.fieldId === field.id;
                  return (
                    <td key={field.id} className="cell">
                      {isEdited ? (
                        <CellEditor
                          field={field}
                          value={value}
                          label={label}
                          onCancel={() => onEdit(null)}
                          onSave={(next) =>
                            props.onSaveCell({ recordId: record.id, fieldId: field.id }, next)
                          }
                        />
                      ) : (
                        <button
                          type="button"
                          className="cell-button"
                          aria-label={`${label}: ${value ?? 'empty'}`}
                          onClick={() => onEdit({ recordId: record.id, fieldId: field.id })}
                        >
                          {value ?? ''}
                        </button>
                      )}
                    </td>
                  );
                })}
                <td />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
