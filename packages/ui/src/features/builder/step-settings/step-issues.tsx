/**
 * Why the server finds the step not valid (the version's `validationIssues` for this step: a
 * reference to a step that does not run before it, code that does not parse, a piece not
 * installed...), each as the sentence the server wrote. MARKED_INVALID (the panel's own verdict:
 * a required field empty) is left out: the form marks those fields itself.
 */
import type { PopulatedFlow } from '@piecework/shared';

/** The issues of step `stepName`, or nothing when it has none. */
export function StepIssues({ flow, stepName }: { flow: PopulatedFlow; stepName: string }) {
  const issues = (flow.version.validationIssues ?? []).filter(
    (issue) => issue.stepName === stepName && issue.code !== 'MARKED_INVALID',
  );
  if (issues.length === 0) return null;
  return (
    <div className="notice warning step-issues" role="status">
      <ul>
        {issues.map((issue, at) => (
          <li key={`${issue.code}-${String(at)}`}>{issue.message}</li>
        ))}
      </ul>
    </div>
  );
}
