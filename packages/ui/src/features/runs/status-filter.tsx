/**
 * The runs list's status filter: a disclosure ("Status: Failed, Timed out") opening a group of
 * checkboxes, one per run status. Any number may be ticked; none means every status.
 */
import type { FlowRunStatus } from '@piecework/shared';
import { useId } from 'react';
import { RUN_STATUS_OPTIONS, runStatusLook } from './run-status';

/** Props of {@link StatusFilter}. */
export interface StatusFilterProps {
  selected: readonly FlowRunStatus[];
  onChange: (statuses: FlowRunStatus[]) => void;
}

/** Checkboxes of run statuses behind a summary of the ticked ones. */
export function StatusFilter({ selected, onChange }: StatusFilterProps) {
  const legendId = useId();
  const summary =
    selected.length === 0 ? 'Any' : selected.map((status) => runStatusLook(status).label).join(', ');
  const toggle = (status: FlowRunStatus, on: boolean) =>
    onChange(
      on
        ? RUN_STATUS_OPTIONS.map((option) => option.value).filter((s) => s === status || selected.includes(s))
        : selected.filter((s) => s !== status),
    );
  return (
    <div className="field">
      <span className="field-label" aria-hidden="true">
        Status
      </span>
      <details className="multi-select">
        <summary aria-label={`Status: ${summary}`}>{summary}</summary>
        <fieldset aria-labelledby={legendId}>
          <legend id={legendId} className="visually-hidden">
            Statuses to show
          </legend>
          {RUN_STATUS_OPTIONS.map((option) => (
            <label key={option.value} className="check">
              <input
                type="checkbox"
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </details>
    </div>
  );
}
