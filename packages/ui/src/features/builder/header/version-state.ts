/**
 * What the header says about a flow's version and why "Publish" is disabled: a draft that is
 * not valid (the first reason, from the server's `validationIssues`) or a version already
 * published and unchanged.
 */
import type { PopulatedFlow } from '@piecework/shared';

/** The state of the version the builder shows. */
export type VersionStateLabel = 'Draft' | 'Published' | 'Locked';

/** Whether `flow.version` is the published one, a draft, or locked without being published. */
export function versionStateLabel(flow: PopulatedFlow): VersionStateLabel {
  if (flow.version.state === 'DRAFT') return 'Draft';
  return flow.publishedVersionId === flow.version.id ? 'Published' : 'Locked';
}

/** Why the draft cannot be published now, or null when it can. */
export function publishBlocker(flow: PopulatedFlow): string | null {
  if (flow.version.state === 'LOCKED' && flow.publishedVersionId === flow.version.id) {
    return 'No changes since the last publish.';
  }
  if (flow.version.valid) return null;
  const issues = flow.version.validationIssues ?? [];
  const first = issues[0];
  if (first === undefined) return 'Complete the steps marked “Incomplete” to publish.';
  const more = issues.length > 1 ? ` (and ${String(issues.length - 1)} more)` : '';
  return `Fix ${first.stepName} to publish: ${first.message}${more}`;
}
