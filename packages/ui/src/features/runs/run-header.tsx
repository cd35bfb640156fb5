/**
 * The facts of one run above its steps: the flow (linked to the builder), status, start, duration,
 * environment and the version that ran, plus the failed step's error when the run failed.
 */
import type { FlowRun, PopulatedFlow } from '@piecework/shared';
import { Link } from 'react-router';
import { formatDateTime, formatDuration, runDurationMs } from '../../format/format-time';
import { RunStatusBadge } from './run-status-badge';
import { versionLabel } from './version-label';

/** Props of {@link RunHeader}. */
export interface RunHeaderProps {
  projectId: string;
  run: FlowRun;
  /** The run's flow with the version it ran; undefined while loading or when the flow is gone. */
  flow: PopulatedFlow | undefined;
}

/** The run's title row and facts. */
export function RunHeader({ projectId, run, flow }: RunHeaderProps) {
  const name = flow?.version.displayName ?? run.flowVersion?.displayName ?? 'Run';
  const duration = runDurationMs(run);
  return (
    <header className="run-header">
      <h1>
        {flow === undefined ? (
          name
        ) : (
          <Link to={`/projects/${projectId}/flows/${run.flowId}`} title="Open the flow in the builder">
            {name}
          </Link>
        )}{' '}
        <RunStatusBadge status={run.status} />
      </h1>
      <dl className="run-facts">
        <div>
          <dt>Started</dt>
          <dd>{formatDateTime(run.startTime ?? run.created)}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{duration === undefined ? '—' : formatDuration(duration)}</dd>
        </div>
        <div>
          <dt>Environment</dt>
          <dd>{run.environment === 'TESTING' ? 'Testing' : 'Production'}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>{versionLabel(flow)}</dd>
        </div>
        <div>
          <dt>Run id</dt>
          <dd>
            <code>{run.id}</code>
          </dd>
        </div>
      </dl>
      {run.failedStep === undefined ? null : (
        <div className="notice error" role="alert">
          <span>
            Step “{run.failedStep.displayName}” failed
            {run.failedStep.message === undefined ? '.' : `: ${run.failedStep.message}`}
          </span>
        </div>
      )}
      {run.endReason === undefined ? null : (
        <div className="notice" role="note">
          <span>Ended by hand: {run.endReason}</span>
        </div>
      )}
    </header>
  );
}
