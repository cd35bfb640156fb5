/**
 * The inline editor of one cell of the grid, typed by its field: a text box (TEXT), a number box
 * (NUMBER), a date picker (DATE) or the field's options (STATIC_DROPDOWN). Enter saves, Escape
 * cancels, leaving the editor saves a changed value. An emptied cell is saved as null (cleared).
 */
import type { Field } from '@piecework/shared';
import { useRef, useState, type KeyboardEvent } from 'react';

/** Props of {@link CellEditor}. */
export interface CellEditorProps {
  field: Field;
  /** The cell's stored text (null: empty). */
  value: string | null;
  /** The accessible name of the control, e.g. "Age of row 2". */
  label: string;
  onSave: (value: string | null) => void;
  onCancel: () => void;
}

/** The text a control of `field`'s type starts with for a stored `value`. */
export function editableText(field: Pick<Field, 'type'>, value: string | null): string {
  if (value === null) return '';
  if (field.type === 'DATE') return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
  return value;
}

/** The control editing one cell. */
export function CellEditor({ field, value, label, onSave, onCancel }: CellEditorProps) {
  const initial = editableText(field, value);
  const [text, setText] = useState(initial);
  const done = useRef(false);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    if (save && text !== initial) onSave(text === '' ? null : text);
    else onCancel();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    }
  };
  const common = {
    'aria-label': label,
    autoFocus: true,
    className: 'cell-input',
    onKeyDown,
    onBlur: () => finish(true),
  };
  if (field.type === 'STATIC_DROPDOWN') {
    const options = field.data?.options ?? [];
    return (
      <select {...common} value={text} onChange={(event) => setText(event.target.value)}>
        <option value="">—</option>
        {/* A value the options no longer hold stays choosable, so the cell is shown as stored. */}
        {text !== '' && !options.some((option) => option.value === text) ? (
          <option value={text}>{text}</option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.value}
          </option>
        ))}
      </select>
    );
  }
  const type = field.type === 'NUMBER' ? 'number' : field.type === 'DATE' ? 'date' : 'text';
  return (
    <input
      {...common}
      type={type}
      {...(type === 'number' ? { step: 'any' } : {})}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
