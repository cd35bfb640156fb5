/**
 * The conditions of a branch: groups joined by OR, the conditions of a group by AND (the branch
 * is taken when every condition of any one group holds). "And" adds a condition to a group,
 * "Or" a new group; removing a group's last condition removes the group, and a branch always
 * keeps at least one condition.
 */
import type { BranchCondition, BranchConditions } from '@piecework/shared';
import { Fragment } from 'react';
import { ConditionRow } from './condition-row';
import { emptyCondition } from './operators';

/** Props of {@link ConditionsEditor}. */
export interface ConditionsEditorProps {
  conditions: BranchConditions;
  readonly: boolean;
  /** Changes the conditions (applied to their latest saved state). */
  onChange: (change: (conditions: BranchConditions) => BranchConditions) => void;
}

function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((each, at) => (at === index ? item : each));
}

/** The OR-of-ANDs editor of one branch. */
export function ConditionsEditor({ conditions, readonly, onChange }: ConditionsEditorProps) {
  const changeCondition = (
    group: number,
    index: number,
    change: (condition: BranchCondition) => BranchCondition,
  ) =>
    onChange((latest) => {
      const condition = latest[group]?.[index];
      if (condition === undefined) return latest;
      return replaced(latest, group, replaced(latest[group]!, index, change(condition)));
    });
  const removeCondition = (group: number, index: number) =>
    onChange((latest) => {
      const rest = (latest[group] ?? []).filter((_, at) => at !== index);
      const groups =
        rest.length === 0 ? latest.filter((_, at) => at !== group) : replaced(latest, group, rest);
      return groups.length === 0 ? [[emptyCondition()]] : groups;
    });
  return (
    <div className="conditions">
      {conditions.map((group, groupIndex) => (
        <Fragment key={groupIndex}>
          {groupIndex === 0 ? null : (
            <div className="condition-join" aria-hidden="true">
              OR
            </div>
          )}
          <div
            className="condition-group"
            role="group"
            aria-label={`Condition group ${String(groupIndex + 1)}`}
          >
            {group.map((condition, index) => (
              <Fragment key={index}>
                {index === 0 ? null : (
                  <div className="condition-join" aria-hidden="true">
                    AND
                  </div>
                )}
                <ConditionRow
                  condition={condition}
                  name={`Condition ${String(index + 1)} of group ${String(groupIndex + 1)}`}
                  readonly={readonly}
                  onChange={(change) => changeCondition(groupIndex, index, change)}
                  onRemove={() => removeCondition(groupIndex, index)}
                />
              </Fragment>
            ))}
            {readonly ? null : (
              <button
                type="button"
                className="btn small"
                onClick={() =>
                  onChange((latest) =>
                    replaced(latest, groupIndex, [...(latest[groupIndex] ?? []), emptyCondition()]),
                  )
                }
              >
                + And
              </button>
            )}
          </div>
        </Fragment>
      ))}
      {readonly ? null : (
        <button
          type="button"
          className="btn small"
          onClick={() => onChange((latest) => [...latest, [emptyCondition()]])}
        >
          + Or
        </button>
      )}
    </div>
  );
}
