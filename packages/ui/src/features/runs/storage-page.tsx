/**
 * `/projects/:projectId/storage`: how much run data the project keeps (trigger payloads, step
 * outputs, run files), in total and per flow, largest first, and how many days finished runs are
 * kept (AP_EXECUTION_DATA_RETENTION_DAYS, set by whoever runs the server: shown, not changed here).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useApi } from '../../api/session-context';
import { useProjectId } from '../../api/use-projects';
import { DataTable } from '../../components/data-table';
import { DateText } from '../../components/date-text';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { formatBytes } from '../../format/format-bytes';
import './runs.css';

/** The page of `/projects/:projectId/storage`. */
export function Page() {
  const projectId = useProjectId();
  const client = useApi();
  const usage = useQuery({
    queryKey: ['storage-usage', projectId],
    queryFn: () => client.flowRuns.storageUsage({ projectId }),
  });
  return (
    <section>
      <PageHeader title="Storage" description="The run data this project keeps, and for how long." />
      <QueryState query={usage} label="Loading storage">
        {(data) => (
          <>
            <dl className="storage-summary" aria-label="Storage summary">
              <div>
                <dt>Run data</dt>
                <dd>{formatBytes(data.bytes)}</dd>
              </div>
              <div>
                <dt>Runs kept</dt>
                <dd>{data.runs.toLocaleString('en')}</dd>
              </div>
              <div>
                <dt>Retention</dt>
                <dd>{data.retentionDays === 1 ? '1 day' : `${String(data.retentionDays)} days`}</dd>
              </div>
            </dl>
            <p className="muted">
              Finished runs older than the retention period are deleted with their steps and files. The period
              is a server setting (AP_EXECUTION_DATA_RETENTION_DAYS). Sizes are approximate, as of{' '}
              <DateText iso={data.measuredAt} />.
            </p>
            {data.flows.length === 0 ? (
              <p className="empty">No run data yet: runs of this project’s flows will show here.</p>
            ) : (
              <DataTable columns={[{ label: 'Flow' }, { label: 'Runs' }, { label: 'Size' }]}>
                {data.flows.map((flow) => (
                  <tr key={flow.flowId}>
                    <td>
                      <Link to={`/projects/${projectId}/runs?flowId=${encodeURIComponent(flow.flowId)}`}>
                        {flow.flowDisplayName}
                      </Link>
                    </td>
                    <td>{flow.runs.toLocaleString('en')}</td>
                    <td>{formatBytes(flow.bytes)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
