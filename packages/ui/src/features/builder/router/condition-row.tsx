/**
 * One condition of a branch: the first value, the operator (all 22), the second value when the
 * operator takes one and the case-sensitive switch on text operators. Values are saved when
 * their field loses focus, the operator and the switch at once.
 */
import type { BranchCondition, BranchOperator } from '@piecework/shared';
import { useId } from 'react';
import { DraftTextField } from '../form/draft-text-field';
import { OPERATOR_OPTIONS, takesCaseSensitive, takesSecondValue, withOperator } from './operators';
import { Combobox } from '../../../components/combobox';

/** Props of {@link ConditionRow}. */
export interface ConditionRowProps {
  condition: BranchCondition;
  /** Names the condition for screen readers, e.g. "Condition 1 of group 2". */
  name: string;
  readonly: boolean;
  /** Changes the condition (applied to its latest saved state). */
  onChange: (change: (condition: BranchCondition) => BranchCondition) => void;
  onRemove: () => void;
}

/** The fields of one condition. */
export function ConditionRow({ condition, name, readonly, onChange, onRemove }: ConditionRowProps) {
  const operatorId = useId();
  const caseId = useId();
  return (
    <fieldset className="condition-row" disabled={readonly}>
      <legend className="visually-hidden">{name}</legend>
      <DraftTextField
        key={`first:${condition.firstValue}`}
        label="First value"
        value={condition.firstValue}
        placeholder="{{trigger['output'].body.kind}}"
        onCommit={(firstValue) => onChange((latest) => ({ ...latest, firstValue }))}
      />
      <div className="draft-field">
        <label htmlFor={operatorId}>Operator</label>
        <Combobox
          id={operatorId}
          value={condition.operator}
          options={OPERATOR_OPTIONS}
          disabled={readonly}
          onValueChange={(picked) => {
            const operator = picked as BranchOperator;
            onChange((latest) => withOperator(latest, operator));
          }}
        />
      </div>
      {'secondValue' in condition && takesSecondValue(condition.operator) ? (
        <DraftTextField
          key={`second:${condition.secondValue}`}
          label="Second value"
          value={condition.secondValue}
          onCommit={(secondValue) =>
            onChange((latest) => ('secondValue' in latest ? { ...latest, secondValue } : latest))
          }
        />
      ) : null}
      <div className="condition-row-end">
        {takesCaseSensitive(condition.operator) && 'caseSensitive' in condition ? (
          <span className="checkbox-field">
            <input
              id={caseId}
              type="checkbox"
              checked={condition.caseSensitive ?? false}
              onChange={(event) => {
                const caseSensitive = event.target.checked;
                onChange((latest) =>
                  takesCaseSensitive(latest.operator)
                    ? ({ ...latest, caseSensitive } as BranchCondition)
                    : latest,
                );
              }}
            />
            <label htmlFor={caseId}>Case sensitive</label>
          </span>
        ) : null}
        <button
          type="button"
          className="btn small"
          onClick={onRemove}
          aria-label={`Remove ${name.toLowerCase()}`}
        >
          Remove
        </button>
      </div>
    </fieldset>
  );
}
