/**
 * One past production run replayed against the draft, in the Compare dialog: its outcome (same,
 * changed, would call a service, failed), when it ran, whether the draft took another path, and
 * for a changed run each changed step's output before and after; for a run that would call a
 * service, the step it stopped at; for a failed replay, why.
 */
import type { ReplayedRun, ReplayRunOutcome, ReplayStepChangeKind } from '@piecework/shared';
import { Link } from 'react-router';
import { DateText } from '../../components/date-text';
import { JsonView } from '../../components/json-view';

/** The words and badge look of each replay outcome. */
const OUTCOMES: Record<ReplayRunOutcome, { label: string; badge: string }> = {
  SAME: { label: 'Same', badge: 'success' },
  CHANGED: { label: 'Changed', badge: 'warning' },
  WOULD_CALL_SERVICE: { label: 'Would call a service', badge: 'info' },
  FAILED: { label: 'Failed', badge: 'danger' },
};

const CHANGES: Record<ReplayStepChangeKind, string> = {
  CHANGED: 'output changed',
  ADDED: 'runs only with the draft',
  REMOVED: 'no longer runs',
};

/** Props of {@link ReplayedRunItem}. */
export interface ReplayedRunItemProps {
  run: ReplayedRun;
  /** The run's page (absent when links out of the builder are hidden). */
  runHref: string | undefined;
}

/** A replayed run of the Compare dialog. */
export function ReplayedRunItem({ run, runHref }: ReplayedRunItemProps) {
  const outcome = OUTCOMES[run.outcome];
  return (
    <li className="replayed-run" aria-label={`Run ${run.runId}: ${outcome.label}`}>
      <div className="replayed-run-line">
        <span className={`badge ${outcome.badge}`}>{outcome.label}</span>
        {runHref === undefined ? null : (
          <Link to={runHref}>
            Open run<span className="visually-hidden"> {run.runId}</span>
          </Link>
        )}
        <span className="muted">
          <DateText iso={run.created} />
        </span>
        {run.pathChanged ? <span className="badge warning">Took another path</span> : null}
      </div>
      {run.outcome === 'WOULD_CALL_SERVICE' ? (
        <p className="muted">
          The draft would call the service at <strong>{run.wouldCallStep ?? 'a step'}</strong>, with an input
          the run did not record: the replay stopped there.
        </p>
      ) : null}
      {run.outcome === 'FAILED' ? (
        <p className="muted">{run.message ?? 'The run could not be replayed.'}</p>
      ) : null}
      {run.changedSteps.length === 0 ? null : (
        <ul className="changed-steps" aria-label={`Changed steps of run ${run.runId}`}>
          {run.changedSteps.map((step) => (
            <li key={step.stepName}>
              <p>
                <strong>{step.stepName}</strong> <span className="muted">{CHANGES[step.change]}</span>
              </p>
              <div className="before-after">
                <div>
                  <p className="before-after-label">Before</p>
                  {step.change === 'ADDED' ? (
                    <p className="muted">Did not run.</p>
                  ) : (
                    <JsonView value={step.before} label={`${step.stepName} before`} maxChars={4_000} />
                  )}
                </div>
                <div>
                  <p className="before-after-label">After</p>
                  {step.change === 'REMOVED' ? (
                    <p className="muted">Does not run.</p>
                  ) : (
                    <JsonView value={step.after} label={`${step.stepName} after`} maxChars={4_000} />
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
