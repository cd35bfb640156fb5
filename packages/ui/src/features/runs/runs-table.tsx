/**
 * The table of runs: a checkbox, flow, status, start, duration and environment. A row opens its
 * run: its flow name is the link (keyboard and screen readers), and a click anywhere on the row
 * but its checkbox follows it. The header checkbox ticks every run of the page.
 */
import type { FlowRun } from '@piecework/shared';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatDuration, runDurationMs } from '../../format/format-time';
import { RunStatusBadge } from './run-status-badge';
import { DataTable } from '../../components/data-table';
import type { RunSelectionState } from './use-run-selection';

/** Props of {@link RunsTable}. */
export interface RunsTableProps {
  projectId: string;
  runs: readonly FlowRun[];
  selection: RunSelectionState;
}

/** The runs as table rows linking to each run's page. */
export function RunsTable({ projectId, runs, selection }: RunsTableProps) {
  const navigate = useNavigate();
  const pageSelected = runs.length > 0 && runs.every((run) => selection.isSelected(run.id));
  return (
    <DataTable
      className="runs-table"
      columns={[
        {
          label: 'Select',
          className: 'select-col',
          header: (
            <input
              type="checkbox"
              aria-label="Select all runs on this page"
              checked={pageSelected}
              onChange={() =>
                selection.setPage(
                  runs.map((run) => run.id),
                  !pageSelected,
                )
              }
            />
          ),
        },
        { label: 'Flow' },
        { label: 'Status' },
        { label: 'Started' },
        { label: 'Duration' },
        { label: 'Environment' },
      ]}
    >
      {runs.map((run) => {
        const to = `/projects/${projectId}/runs/${run.id}`;
        const duration = runDurationMs(run);
        return (
          <tr
            key={run.id}
            className="clickable"
            onClick={(event) => {
              if (!(event.target instanceof HTMLAnchorElement || event.target instanceof HTMLInputElement)) {
                void navigate(to);
              }
            }}
          >
            <td className="select-col">
              <input
                type="checkbox"
                aria-label={`Select run ${run.id}`}
                checked={selection.isSelected(run.id)}
                onChange={() => selection.toggle(run.id)}
              />
            </td>
            <td>
              <Link to={to}>{run.flowVersion?.displayName ?? run.flowId}</Link>
            </td>
            <td>
              <RunStatusBadge status={run.status} />
            </td>
            <td>{formatDateTime(run.startTime ?? run.created)}</td>
            <td>{duration === undefined ? '—' : formatDuration(duration)}</td>
            <td>{run.environment === 'TESTING' ? 'Testing' : 'Production'}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
