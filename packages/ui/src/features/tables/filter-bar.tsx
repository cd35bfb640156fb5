/**
 * The grid's filter bar: "Add filter" adds a row (a field, an operator, a value); each row can be
 * removed. The caller applies the rows ({@link recordFilters}); every row must match.
 */
import type { Field, RecordFilterOperator } from '@piecework/shared';
import { X } from 'lucide-react';
import { Combobox } from '../../components/combobox';
import { OPERATOR_LABELS, type FilterDraft } from './record-filters';

/** The operators as choices, in the order of their labels. */
const OPERATOR_OPTIONS = Object.entries(OPERATOR_LABELS).map(([value, label]) => ({ value, label }));

/** Props of {@link FilterBar}. */
export interface FilterBarProps {
  fields: readonly Field[];
  drafts: readonly FilterDraft[];
  onChange: (drafts: FilterDraft[]) => void;
}

/** The filter rows and "Add filter". */
export function FilterBar({ fields, drafts, onChange }: FilterBarProps) {
  const update = (key: number, change: Partial<FilterDraft>) =>
    onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft)));
  const add = () =>
    onChange([
      ...drafts,
      {
        key: Math.max(0, ...drafts.map((draft) => draft.key)) + 1,
        fieldId: fields[0]?.id ?? '',
        operator: 'eq',
        value: '',
      },
    ]);
  return (
    <section className="filter-bar" aria-label="Filters">
      {drafts.map((draft, index) => {
        const n = String(index + 1);
        const field = fields.find((candidate) => candidate.id === draft.fieldId);
        return (
          <div key={draft.key} className="filter-row" role="group" aria-label={`Filter ${n}`}>
            <Combobox
              aria-label={`Field of filter ${n}`}
              value={draft.fieldId}
              options={fields.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              onValueChange={(fieldId) => update(draft.key, { fieldId })}
            />
            <Combobox
              aria-label={`Operator of filter ${n}`}
              value={draft.operator}
              options={OPERATOR_OPTIONS}
              onValueChange={(operator) => update(draft.key, { operator: operator as RecordFilterOperator })}
            />
            <input
              aria-label={`Value of filter ${n}`}
              type={field?.type === 'NUMBER' ? 'number' : field?.type === 'DATE' ? 'date' : 'text'}
              value={draft.value}
              onChange={(event) => update(draft.key, { value: event.target.value })}
            />
            <button
              type="button"
              className="icon-btn"
              aria-label={`Remove filter ${n}`}
              onClick={() => onChange(drafts.filter((other) => other.key !== draft.key))}
            >
              <X aria-hidden="true" className="icon" />
            </button>
          </div>
        );
      })}
      <button type="button" className="btn small" onClick={add} disabled={fields.length === 0}>
        + Add filter
      </button>
    </section>
  );
}
