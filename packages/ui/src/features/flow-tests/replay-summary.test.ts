import type { FlowReplayResult, ReplayedRun } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { replaySummary } from './replay-summary';

const run = (outcome: ReplayedRun['outcome']): ReplayedRun => ({
  runId: `run-${outcome}`,
  created: '2026-12-06T12:00:00.000Z',
  outcome,
  pathChanged: false,
  changedSteps: [],
});

describe('replaySummary', () => {
  it('counts the replayed runs by outcome', () => {
    const replay: FlowReplayResult = {
      versionId: 'v1',
      runs: [run('SAME'), run('SAME'), run('CHANGED'), run('WOULD_CALL_SERVICE')],
      summary: { same: 2, changed: 1, wouldCallService: 1, failed: 0 },
    };
    expect(replaySummary(replay)).toBe(
      'Of the last 4 production runs: 2 same, 1 changed, 1 would call a service, 0 failed.',
    );
  });

  it('says when there is no production run to compare with', () => {
    const none: FlowReplayResult = {
      versionId: 'v1',
      runs: [],
      summary: { same: 0, changed: 0, wouldCallService: 0, failed: 0 },
    };
    expect(replaySummary(none)).toBe('This flow has no production runs yet: there is nothing to compare.');
  });
});
