/** The alert sent to a project's alert receivers when a production run fails. */
import type { FailedStep } from '@piecework/shared';
import { linkTo, renderEmailHtml, type EmailContent } from './email-layout';

/** What a run-failure alert says. */
export interface RunFailureEmailInput {
  /** The server's public URL, ending with `/` (`ctx.settings.publicUrl`). */
  readonly publicUrl: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly flowName: string;
  readonly runId: string;
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
  const details: [string, string][] = [
    ['Flow', input.flowName],
    ['Project', input.projectName],
    ['Run', input.runId],
    ['Status', input.status],
    ['Ended', input.finishedAt],
  ];
  if (input.failedStep !== undefined) {
    details.push(['Failed step', `${input.failedStep.displayName} (${input.failedStep.name})`]);
  }
  if (input.error !== undefined) details.push(['Error', input.error]);
  const text = `${summary}\n\n${details.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\nSee the run: ${link}\n`;
  const html = renderEmailHtml(subject, [
    { paragraph: summary },
    { details },
    { button: 'See the run', link },
  ]);
  return { subject, text, html };
}
