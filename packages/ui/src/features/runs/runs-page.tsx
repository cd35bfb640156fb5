/**
 * The runs page (`/projects/:projectId/runs`): the project's runs, newest first, filtered by flow,
 * status, environment and days (kept in the URL), a page at a time. Runs still queued or running
 * refresh on their own.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/session-context';
import { useProjectId } from '../../api/use-projects';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { Pager } from '../../components/pager';
import { hasRunFilters, runsQueryOf } from './run-filters';
import { RunFiltersBar } from './run-filters-bar';
import { RunsTable } from './runs-table';
import { useRunFilters } from './use-run-filters';
import { useRunsPage } from './use-runs';
import './runs.css';

/** The project's flows for the flow filter (the first 100, by most recent). */
function useFlowOptions(projectId: string) {
  const client = useApi();
  return useQuery({
    queryKey: ['flows', projectId, 'options'],
    queryFn: async (): Promise<PopulatedFlow[]> => (await client.flows.list({ projectId, limit: 100 })).data,
    staleTime: 30_000,
  });
}

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const filterState = useRunFilters();
  const query = useMemo(() => runsQueryOf(projectId, filterState.filters), [projectId, filterState.filters]);
  const runs = useRunsPage(query);
  const flows = useFlowOptions(projectId);
  return (
    <div className="page runs-page">
      <PageHeader title="Runs" description="Every execution of the project's flows, newest first." />
      <RunFiltersBar state={filterState} flows={flows.data} />
      <QueryState query={runs} label="Loading runs">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">
              {hasRunFilters(filterState.filters) ? 'No runs match these filters.' : 'No runs yet.'}
            </p>
          ) : (
            <>
              <RunsTable projectId={projectId} runs={page.data} />
              <Pager page={page} onGo={filterState.page} label="Runs" />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
