/**
 * What can be done with a run, offered only where the API allows it: retry from the failed step
 * (a failed, timed-out or otherwise stopped run: the same run goes again from the step that
 * failed), retry on the latest version (a finished run of a flow that has a published version: a
 * new run with the same trigger payload), cancel (a run still queued, running or paused), and
 * open in builder (the run's flow still exists and the user may edit it: the builder loads the
 * run's outputs as the draft's sample data and shows its failed step, `?debugRun=`), and save as
 * test case (a finished run of a flow the user may edit: its data becomes a test of the draft).
 */
import { isTerminalRunStatus, type FlowRun, type PopulatedFlow } from '@piecework/shared';
import { Link, useNavigate } from 'react-router';
import { useProjectPermissions } from '../../api/use-project-permissions';
import { useToast } from '../../components/toast';
import { SaveAsTestCase } from '../flow-tests/save-as-test-case';
import { canCancel, canRetryFromFailedStep } from './run-status';
import { useCancelRuns, useRetryRun } from './use-runs';

/** Props of {@link RunActions}. */
export interface RunActionsProps {
  projectId: string;
  run: FlowRun;
  flow: PopulatedFlow | undefined;
}

/** The run page's action buttons. */
export function RunActions({ projectId, run, flow }: RunActionsProps) {
  const navigate = useNavigate();
  const { toast, toastError } = useToast();
  const retry = useRetryRun(projectId);
  const cancel = useCancelRuns(projectId);
  const busy = retry.isPending || cancel.isPending;
  const onLatest = isTerminalRunStatus(run.status) && typeof flow?.publishedVersionId === 'string';
  const fromFailed = canRetryFromFailedStep(run.status);
  const mayEdit = useProjectPermissions(projectId).can('WRITE_FLOW');
  return (
    <div className="page-actions">
      {fromFailed ? (
        <button
          type="button"
          className="btn primary"
          disabled={busy}
          onClick={() =>
            retry.mutate(
              { runId: run.id, strategy: 'FROM_FAILED_STEP' },
              { onSuccess: () => toast('Retrying from the failed step'), onError: toastError },
            )
          }
        >
          Retry from failed step
        </button>
      ) : null}
      {onLatest ? (
        <button
          type="button"
          className="btn"
          disabled={busy}
          onClick={() =>
            retry.mutate(
              { runId: run.id, strategy: 'ON_LATEST_VERSION' },
              {
                onSuccess: (next) => {
                  toast('Started a new run on the latest version');
                  void navigate(`/projects/${projectId}/runs/${next.id}`);
                },
                onError: toastError,
              },
            )
          }
        >
          Retry on latest version
        </button>
      ) : null}
      {flow !== undefined && mayEdit ? (
        <Link
          className="btn"
          to={`/projects/${projectId}/flows/${run.flowId}?debugRun=${run.id}`}
          title="Open the flow's draft with this run's data as sample data"
        >
          Open in builder
        </Link>
      ) : null}
      {flow !== undefined && mayEdit && isTerminalRunStatus(run.status) ? (
        <SaveAsTestCase projectId={projectId} run={run} />
      ) : null}
      {canCancel(run.status) ? (
        <button
          type="button"
          className="btn danger"
          disabled={busy}
          onClick={() =>
            cancel.mutate([run.id], {
              onSuccess: ([after]) =>
                toast(after?.status === 'CANCELED' ? 'Run canceled' : 'The run had already finished', 'info'),
              onError: toastError,
            })
          }
        >
          Cancel run
        </button>
      ) : null}
    </div>
  );
}
