/**
 * An editable list of name/value pairs stored as an object (`{name: value}`): OBJECT properties
 * and a code step's inputs. Values accept `{{ }}` references. Rows are kept while being edited, so
 * a row whose name is still empty (or repeats another) is not lost; the stored object holds the
 * named rows, the first of a repeated name winning.
 */
import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import { ExpressionInput } from './expression-input';
import { objectOf, sameObject, type Row } from './key-value-rows';
import { isRecord, textOf } from './property-values';

/** Props of {@link KeyValueList}. */
export interface KeyValueListProps {
  /** The stored object (anything else counts as empty). */
  value: unknown;
  onChange: (value: Record<string, unknown>) => void;
  /** What one pair is called in buttons and labels ("input", "field"). */
  noun: string;
  idPrefix: string;
  disabled?: boolean | undefined;
}

/** Name/value rows with add and remove buttons. */
export function KeyValueList({ value, onChange, noun, idPrefix, disabled }: KeyValueListProps) {
  const nextId = useRef(0);
  const rowsOf = (object: unknown): Row[] =>
    Object.entries(isRecord(object) ? object : {}).map(([key, inner]) => ({
      id: nextId.current++,
      key,
      value: inner,
    }));
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (!sameObject(objectOf(rows), value)) setRows(rowsOf(value));
  }
  const emit = (next: Row[]) => {
    setRows(next);
    const object = objectOf(next);
    if (!sameObject(object, value)) onChange(object);
  };
  const update = (id: number, change: Partial<Row>) =>
    emit(rows.map((row) => (row.id === id ? { ...row, ...change } : row)));
  return (
    <div className="key-value-list">
      {rows.map((row, at) => {
        const label = row.key === '' ? `${noun} ${String(at + 1)}` : row.key;
        return (
          <div className="key-value-row" key={row.id}>
            <input
              id={`${idPrefix}-key-${String(row.id)}`}
              aria-label={`Name of ${noun} ${String(at + 1)}`}
              placeholder="Name"
              value={row.key}
              disabled={disabled}
              spellCheck={false}
              onChange={(event) => update(row.id, { key: event.target.value })}
            />
            <ExpressionInput
              aria-label={`Value of ${label}`}
              label={label}
              placeholder="Value"
              value={textOf(row.value)}
              disabled={disabled}
              onChange={(text) => update(row.id, { value: text })}
            />
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remove ${label}`}
              disabled={disabled}
              onClick={() => emit(rows.filter((other) => other.id !== row.id))}
            >
              <X aria-hidden="true" className="icon" />
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn small"
        disabled={disabled}
        onClick={() => emit([...rows, { id: nextId.current++, key: '', value: '' }])}
      >
        Add {noun}
      </button>
    </div>
  );
}
