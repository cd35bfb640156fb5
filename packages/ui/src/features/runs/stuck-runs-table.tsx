/**
 * The table of stuck runs: a checkbox to choose each (and one for all), the flow (a link to the
 * run), the status it is stuck in, since when, for how long, and the limit it broke with whose
 * limit that is (the flow's own or the platform's).
 */
import type { StuckRun } from '@piecework/shared';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { formatDateTime } from '../../format/format-time';
import { RunStatusBadge } from './run-status-badge';
import { formatMinutes } from './stuck-run-minutes';

/** Props of {@link StuckRunsTable}. */
export interface StuckRunsTableProps {
  projectId: string;
  runs: readonly StuckRun[];
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
}

/** The stuck runs with their checkboxes. */
export function StuckRunsTable({ projectId, runs, selected, onSelect }: StuckRunsTableProps) {
  const allChosen = runs.length > 0 && runs.every((run) => selected.has(run.id));
  return (
    <DataTable
      className="stuck-runs-table"
      columns={[
        { label: 'Choose', hideLabel: true },
        { label: 'Flow' },
        { label: 'Status' },
        { label: 'Since', className: 'hide-narrow' },
        { label: 'Stuck for' },
        { label: 'Limit' },
      ]}
    >
      <tr>
        <td>
          <input
            type="checkbox"
            aria-label="Choose every stuck run"
            checked={allChosen}
            onChange={() => onSelect(allChosen ? new Set() : new Set(runs.map((run) => run.id)))}
          />
        </td>
        <td colSpan={5} className="muted">
          All {String(runs.length)} stuck {runs.length === 1 ? 'run' : 'runs'}
        </td>
      </tr>
      {runs.map((run) => (
        <tr key={run.id}>
          <td>
            <input
              type="checkbox"
              aria-label={`Choose the run of ${run.flowDisplayName} stuck ${run.status.toLowerCase()} since ${formatDateTime(run.since)}`}
              checked={selected.has(run.id)}
              onChange={() => {
                const next = new Set(selected);
                if (next.has(run.id)) next.delete(run.id);
                else next.add(run.id);
                onSelect(next);
              }}
            />
          </td>
          <td>
            <Link to={`/projects/${projectId}/runs/${run.id}`}>{run.flowDisplayName}</Link>
          </td>
          <td>
            <RunStatusBadge status={run.status} />
          </td>
          <td className="hide-narrow">{formatDateTime(run.since)}</td>
          <td>{formatMinutes(run.ageMinutes)}</td>
          <td>
            {formatMinutes(run.limitMinutes)} ({run.limitSource === 'FLOW' ? 'flow' : 'platform'})
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
