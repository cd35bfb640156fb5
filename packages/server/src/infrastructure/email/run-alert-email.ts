/**
 * What the two run alerts (a run failed, a run is stuck) have in common: the facts naming the run
 * and the way the email is laid out, a summary, the details as labelled lines and one link.
 */
import { renderEmailHtml, type EmailContent } from './email-layout';

/** The facts every run alert names. */
export interface RunAlertFacts {
  /** The server's public URL, ending with `/` (`ctx.settings.publicUrl`). */
  readonly publicUrl: string;
  readonly projectId: string;
  readonly projectName: string;
  readonly flowName: string;
  readonly runId: string;
  /** The run's status the alert is about. */
  readonly status: string;
}

/** The detail lines every run alert starts with: flow, project, run and status. */
export function runAlertDetails(facts: RunAlertFacts): [string, string][] {
  return [
    ['Flow', facts.flowName],
    ['Project', facts.projectName],
    ['Run', facts.runId],
    ['Status', facts.status],
  ];
}

/** What one run alert says, in the order it says it. */
export interface RunAlertContent {
  readonly subject: string;
  readonly summary: string;
  readonly details: readonly [string, string][];
  /** The link's label (e.g. "See the run") and its address. */
  readonly linkLabel: string;
  readonly link: string;
}

/** The alert as text and HTML: the summary, the details one per line, then the link. */
export function renderRunAlert(content: RunAlertContent): EmailContent {
  const { subject, summary, details, linkLabel, link } = content;
  const lines = details.map(([label, value]) => `${label}: ${value}`).join('\n');
  const text = `${summary}\n\n${lines}\n\n${linkLabel}: ${link}\n`;
  const html = renderEmailHtml(subject, [{ paragraph: summary }, { details }, { button: linkLabel, link }]);
  return { subject, text, html };
}
