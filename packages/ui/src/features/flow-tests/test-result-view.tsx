/**
 * One test case's result in the Tests tab: passed or failed with the run's status and duration,
 * each failed expectation with its message and diff, and the steps in the order they ran with
 * where each result came from (ran, recorded, or would call the service), outputs on demand.
 */
import type { FlowTestResult } from '@piecework/shared';
import { JsonView } from '../../components/json-view';
import { DiffView } from './diff-view';
import { expectationLabel } from './expectation-label';
import { STEP_SOURCE_LABELS } from './step-source';

/** Props of {@link TestResultView}. */
export interface TestResultViewProps {
  result: FlowTestResult;
  /** The draft changed after this result: it may no longer be what a new run gives. */
  outdated: boolean;
}

/** The details of a test case's latest result. */
export function TestResultView({ result, outdated }: TestResultViewProps) {
  const name = result.displayName;
  return (
    <div className="test-result">
      <p className="muted test-result-summary">
        Run status: {result.runStatus.toLowerCase().replaceAll('_', ' ')}, in{' '}
        {String(Math.round(result.durationMs))} ms.
        {outdated ? ' The draft changed since: run it again to see the draft’s result.' : null}
      </p>
      {result.failures.length === 0 ? null : (
        <ol className="test-failures" aria-label={`Failures of ${name}`}>
          {result.failures.map((failure, index) => {
            const label = expectationLabel(failure.expectation);
            return (
              <li key={index}>
                <strong>{label}</strong>
                <p>{failure.message}</p>
                {failure.diff.trim() === '' ? null : (
                  <DiffView diff={failure.diff} label={`Difference in ${label} of ${name}`} />
                )}
              </li>
            );
          })}
        </ol>
      )}
      {result.steps.length === 0 ? null : (
        <ol className="test-steps" aria-label={`Steps of ${name}`}>
          {result.steps.map((step, index) => {
            const source = STEP_SOURCE_LABELS[step.source];
            return (
              <li key={`${String(index)}-${step.stepName}`}>
                <div className="test-step-line">
                  <span className="test-step-name">{step.stepName}</span>
                  <span className="muted">{step.status.toLowerCase().replaceAll('_', ' ')}</span>
                  <span className={`badge ${source.badge}`}>{source.label}</span>
                </div>
                {step.output === undefined ? null : (
                  <details>
                    <summary>Output</summary>
                    <JsonView value={step.output} label={`Output of ${step.stepName} in ${name}`} />
                  </details>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
