/** The sentence at the top of the Compare dialog, counting the replayed runs by outcome. */
import type { FlowReplayResult } from '@piecework/shared';

/** E.g. "Of the last 20 production runs: 17 same, 2 changed, 1 would call a service, 0 failed." */
export function replaySummary(replay: FlowReplayResult): string {
  const { same, changed, wouldCallService, failed } = replay.summary;
  const total = replay.runs.length;
  if (total === 0) return 'This flow has no production runs yet: there is nothing to compare.';
  const runs = total === 1 ? 'the last production run' : `the last ${String(total)} production runs`;
  return `Of ${runs}: ${String(same)} same, ${String(changed)} changed, ${String(wouldCallService)} would call a service, ${String(failed)} failed.`;
}
