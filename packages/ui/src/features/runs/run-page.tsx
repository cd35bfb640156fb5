/**
 * One run (`/projects/:projectId/runs/:runId`): its header and actions, the step tree on the left
 * and the selected step's input, output and error on the right. The failed step is selected until
 * the reader picks another. While the run is not final it is read again every moment and steps
 * appear as they finish.
 */
import type { FlowRun } from '@piecework/shared';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useProjectId } from '../../api/use-projects';
import { Loading } from '../../components/loading';
import { QueryState } from '../../components/query-state';
import { isAgentRecord } from './agent-record';
import { selectionInIteration } from './iteration-selection';
import { RunActions } from './run-actions';
import { RunHeader } from './run-header';
import { RunStepDetails } from './run-step-details';
import { RunStepTree } from './run-step-tree';
import { buildRunTree, defaultSelection, flattenRunTree, type RunTreeStep } from './run-tree';
import { useRun, useRunFlow } from './use-runs';
import './runs.css';

/** The page of this route. */
export function Page() {
  const projectId = useProjectId();
  const { runId = '' } = useParams();
  const run = useRun(projectId, runId);
  return (
    <div className="page run-page">
      <p className="breadcrumb">
        <Link to={`/projects/${projectId}/runs`}>‹ Runs</Link>
      </p>
      <QueryState query={run} label="Loading the run">
        {(data) => <RunView key={data.id} projectId={projectId} run={data} />}
      </QueryState>
    </div>
  );
}

function RunView({ projectId, run }: { projectId: string; run: FlowRun }) {
  const flow = useRunFlow(run);
  const [chosenKey, setChosenKey] = useState<string | undefined>();
  const [iterations, setIterations] = useState<Readonly<Record<string, number>>>({});
  // Without the version (the flow was deleted since), the steps are listed flat, in run order.
  const version = flow.data?.version;
  const tree = useMemo(
    () => buildRunTree(version, run.steps ?? {}, (key) => iterations[key]),
    [version, run.steps, iterations],
  );
  const all = flattenRunTree(tree);
  const selected = all.find((step) => step.key === chosenKey) ?? defaultSelection(tree);
  const showIteration = (loop: RunTreeStep, iteration: number) => {
    setIterations((was) => ({ ...was, [loop.key]: iteration }));
    // The selection inside the loop follows to the same step of the new iteration.
    const followed = selectionInIteration(selected?.key, loop, iteration);
    if (followed !== undefined) setChosenKey(followed);
  };
  return (
    <>
      <div className="page-header">
        <RunHeader projectId={projectId} run={run} flow={flow.data} />
        <RunActions projectId={projectId} run={run} flow={flow.data} />
      </div>
      {flow.isPending ? (
        <Loading label="Loading the steps" />
      ) : tree.length === 0 ? (
        <p className="empty">No step has run yet.</p>
      ) : (
        <div className="run-body">
          <RunStepTree
            tree={tree}
            selectedKey={selected?.key}
            onSelect={(step) => setChosenKey(step.key)}
            onIteration={showIteration}
          />
          {selected === undefined ? null : (
            <RunStepDetails
              step={selected}
              agent={isAgentRecord(version, selected) ? { projectId, flowRunId: run.id } : undefined}
            />
          )}
        </div>
      )}
    </>
  );
}
