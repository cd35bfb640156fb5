/**
 * What the version a run ran is to its flow now, as the run's header says it: the draft, the
 * published version, or an earlier one, with the time it was made.
 */
import type { PopulatedFlow } from '@piecework/shared';
import { formatDateTime } from '../../format/format-time';

/** What the version that ran is to the flow now. */
export function versionLabel(flow: PopulatedFlow | undefined): string {
  if (flow === undefined) return '—';
  const created = formatDateTime(flow.version.created);
  if (flow.version.state === 'DRAFT') return `Draft of ${created}`;
  return flow.publishedVersionId === flow.version.id
    ? `Published ${created}`
    : `Earlier version of ${created}`;
}
