import { describe, expect, it } from 'vitest';
import { code, flow, piece, router, textIs } from '@piecework/shared/testing';
import type { FlowVersion } from '@piecework/shared';
import { testEngine } from '../testing/test-engine';
import { compareRuns } from './compare-runs';

function routed(threshold: string): FlowVersion {
  return flow(
    router('route', 'EXECUTE_FIRST_MATCH', [
      {
        conditions: [[textIs("{{trigger['output'].tier}}", threshold)]],
        steps: [code('gold', 'return "gold";')],
      },
      { fallback: [code('plain', 'return "plain";')] },
    ]),
    piece('done', 'echo', { n: "{{trigger['output'].n}}" }),
  );
}

async function run(flowVersion: FlowVersion, triggerPayload: unknown) {
  const { engine } = testEngine();
  return (await engine.execute({ flowVersion, triggerPayload })).steps;
}

describe('compareRuns', () => {
  it('finds nothing changed between two runs of the same version and payload', async () => {
    const before = await run(routed('gold'), { tier: 'gold', n: 1 });
    const after = await run(routed('gold'), { tier: 'gold', n: 1 });
    expect(compareRuns(before, after)).toMatchObject({ pathChanged: false, changed: [] });
  });

  it('reports another branch taken as a path change with the steps added and removed', async () => {
    const before = await run(routed('gold'), { tier: 'gold', n: 1 });
    const after = await run(routed('platinum'), { tier: 'gold', n: 1 });
    const comparison = compareRuns(before, after);
    expect(comparison.pathChanged).toBe(true);
    expect(comparison.changed.map(({ stepName, change }) => [stepName, change])).toEqual([
      ['route', 'CHANGED'],
      ['plain', 'ADDED'],
      ['gold', 'REMOVED'],
    ]);
    expect(comparison.changed[1]).toMatchObject({ before: undefined, after: 'plain' });
    expect(comparison.steps.find((step) => step.stepName === 'done')?.change).toBe('SAME');
  });

  it('reports another output on the same path as a change with both outputs', async () => {
    const before = await run(routed('gold'), { tier: 'x', n: 1 });
    const after = await run(routed('gold'), { tier: 'x', n: 2 });
    expect(compareRuns(before, after)).toEqual(
      expect.objectContaining({
        pathChanged: false,
        changed: [{ stepName: 'done', change: 'CHANGED', before: { n: 1 }, after: { n: 2 } }],
      }),
    );
  });
});
