/**
 * The table of runs: flow, status, start, duration and environment. A row opens its run: its flow
 * name is the link (keyboard and screen readers), and a click anywhere on the row follows it.
 */
import type { FlowRun } from '@piecework/shared';
import { Link, useNavigate } from 'react-router';
import { formatDateTime, formatDuration, runDurationMs } from '../../format/format-time';
import { RunStatusBadge } from './run-status-badge';
import { DataTable } from '../../components/data-table';

/** Props of {@link RunsTable}. */
export interface RunsTableProps {
  projectId: string;
  runs: readonly FlowRun[];
}

/** The runs as table rows linking to each run's page. */
export function RunsTable({ projectId, runs }: RunsTableProps) {
  const navigate = useNavigate();
  return (
    <DataTable
      className="runs-table"
      columns={[
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
              if (!(event.target instanceof HTMLAnchorElement)) void navigate(to);
            }}
          >
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
