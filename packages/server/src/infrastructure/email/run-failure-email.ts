/** The alert sent to a project's alert receivers when a production run fails. */
import type { FailedStep } from '@piecework/shared';
import { linkTo, type EmailContent } from './email-layout';
import { renderRunAlert, runAlertDetails, type RunAlertFacts } from './run-alert-email';

/** What a run-failure alert says. */
export interface RunFailureEmailInput extends RunAlertFacts {
  /** The run's final status, e.g. FAILED, TIMEOUT, INTERNAL_ERROR. */
  readonly status: string;
  /** When the run ended (ISO-8601). */
  readonly finishedAt: string;
  /** The step that stopped the run, when one did. */
  readonly failedStep?: Pick<FailedStep, 'name' | 'displayName'> | undefined;
  /** What went wrong (the failed step's message, or the internal error), kept short. */
  readonly error?: string | undefined;
}

/** The alert email: flow, project, run id, status, the failed step if known and a link to the run. */
export function runFailureEmail(input: RunFailureEmailInput): EmailContent {
  const link = linkTo(
    input.publicUrl,
    `projects/${encodeURIComponent(input.projectId)}/runs/${encodeURIComponent(input.runId)}`,
  );
  const subject = `[Piecework] ${input.flowName} failed`;
  const summary = `A run of the flow ${input.flowName} in the project ${input.projectName} ended ${input.status}.`;
  const details: [string, string][] = [...runAlertDetails(input), ['Ended', input.finishedAt]];
  if (input.failedStep !== undefined) {
    details.push(['Failed step', `${input.failedStep.displayName} (${input.failedStep.name})`]);
  }
  if (input.error !== undefined) details.push(['Error', input.error]);
  return renderRunAlert({ subject, summary, details, linkLabel: 'See the run', link });
}
