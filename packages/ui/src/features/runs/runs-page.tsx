/**
 * The runs page (`/projects/:projectId/runs`): the project's runs, newest first, searched by what
 * they carried and filtered by flow, status, environment, days, tags and failed step (kept in the
 * URL), a page at a time. Ticked runs (or every run matching) can be retried, canceled or
 * archived together. Runs still queued or running refresh on their own.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { Pager } from '../../components/pager';
import { hasRunFilters, runSelectionOf, runsQueryOf } from './run-filters';
import { RunBulkBar } from './run-bulk-bar';
import { useRunSelection } from './use-run-selection';
import { RunFiltersBar } from './run-filters-bar';
import { RunsTable } from './runs-table';
import { useRunFilters } from './use-run-filters';
import { useRunsPage } from './use-runs';
import { useFlowOptions } from './use-flow-options';
import './runs.css';

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const filterState = useRunFilters();
  const query = useMemo(() => runsQueryOf(projectId, filterState.filters), [projectId, filterState.filters]);
  const runs = useRunsPage(query);
  const flows = useFlowOptions(projectId);
  const filter = useMemo(
    () => runSelectionOf(projectId, filterState.filters),
    [projectId, filterState.filters],
  );
  const selection = useRunSelection(JSON.stringify(filter) + filterState.filters.environment);
  return (
    <div className="page runs-page">
      <PageHeader
        title="Runs"
        description="Every execution of the project's flows, newest first."
        actions={
          <Link className="btn" to={`/projects/${projectId}/stuck-runs`}>
            Stuck runs
          </Link>
        }
      />
      <RunFiltersBar state={filterState} flows={flows.data} />
      <QueryState query={runs} label="Loading runs">
        {(page) =>
          page.data.length === 0 ? (
            <p className="empty">
              {hasRunFilters(filterState.filters) ? 'No runs match these filters.' : 'No runs yet.'}
            </p>
          ) : (
            <>
              {filterState.filters.environment === 'PRODUCTION' ? (
                <RunBulkBar
                  projectId={projectId}
                  filter={filter}
                  selection={selection}
                  morePages={page.next !== null || page.previous !== null}
                  pageSelected={page.data.every((run) => selection.isSelected(run.id))}
                />
              ) : null}
              <RunsTable projectId={projectId} runs={page.data} selection={selection} />
              <Pager page={page} onGo={filterState.page} label="Runs" />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
