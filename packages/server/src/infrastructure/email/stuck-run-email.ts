/** The alert sent to a project's alert receivers when the watchdog finds one of its runs stuck. */
import { linkTo, type EmailContent } from './email-layout';
import { renderRunAlert, runAlertDetails, type RunAlertFacts } from './run-alert-email';

/** What a stuck-run alert says. */
export interface StuckRunEmailInput extends RunAlertFacts {
  /** The status the run is stuck in: QUEUED, RUNNING or PAUSED. */
  readonly status: string;
  /** When the run entered that status (ISO-8601). */
  readonly since: string;
  /** How long it has been in it, and its limit, in minutes. */
  readonly ageMinutes: number;
  readonly limitMinutes: number;
}

/** The alert email: flow, project, run, status, since when and the limit, with a link to the stuck runs. */
export function stuckRunEmail(input: StuckRunEmailInput): EmailContent {
  const link = linkTo(input.publicUrl, `projects/${encodeURIComponent(input.projectId)}/stuck-runs`);
  const subject = `[Piecework] A run of ${input.flowName} is stuck ${input.status}`;
  const summary = `A run of the flow ${input.flowName} in the project ${input.projectName} has been ${input.status} for ${String(input.ageMinutes)} minutes, over its limit of ${String(input.limitMinutes)} minutes.`;
  const details: [string, string][] = [
    ...runAlertDetails(input),
    ['Since', input.since],
    ['Limit', `${String(input.limitMinutes)} minutes`],
  ];
  return renderRunAlert({ subject, summary, details, linkLabel: 'See the stuck runs', link });
}
