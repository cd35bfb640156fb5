/**
 * The stuck runs page (`/projects/:projectId/stuck-runs`): the project's runs that stayed queued,
 * running or paused longer than their limit, with how long and which limit; choose some and "End
 * with reason" ends them (CANCELED, the reason kept on each run). Below, the platform's default
 * limits and one flow's own limits.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { PageHeader } from '../../components/page-header';
import { QueryState } from '../../components/query-state';
import { EndStuckRunsDialog } from './end-stuck-runs-dialog';
import { FlowLimitsForm } from './flow-limits-form';
import { PlatformLimitsForm } from './platform-limits-form';
import { StuckRunsTable } from './stuck-runs-table';
import { useStuckRuns } from './use-stuck-runs';
import { useFlowOptions } from './use-flow-options';
import './runs.css';

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const stuck = useStuckRuns(projectId);
  const flows = useFlowOptions(projectId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [ending, setEnding] = useState(false);
  const chosen = (stuck.data ?? []).filter((run) => selected.has(run.id)).map((run) => run.id);
  return (
    <div className="page stuck-runs-page">
      <PageHeader
        title="Stuck runs"
        description={
          <>
            Runs queued, running or paused longer than their limit. The alert receivers are emailed once per
            run. <Link to={`/projects/${projectId}/runs`}>All runs</Link>
          </>
        }
        actions={
          <button
            type="button"
            className="btn primary"
            disabled={chosen.length === 0}
            onClick={() => setEnding(true)}
          >
            End with reason
          </button>
        }
      />
      <QueryState query={stuck} label="Loading stuck runs">
        {(runs) =>
          runs.length === 0 ? (
            <p className="empty">No run is stuck.</p>
          ) : (
            <StuckRunsTable projectId={projectId} runs={runs} selected={selected} onSelect={setSelected} />
          )
        }
      </QueryState>
      <PlatformLimitsForm />
      {flows.data === undefined ? null : <FlowLimitsForm projectId={projectId} flows={flows.data} />}
      {ending ? (
        <EndStuckRunsDialog
          projectId={projectId}
          runIds={chosen}
          onClose={(ended) => {
            setEnding(false);
            if (ended) setSelected(new Set());
          }}
        />
      ) : null}
    </div>
  );
}
