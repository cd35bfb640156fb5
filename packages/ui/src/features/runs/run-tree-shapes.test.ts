import type { FlowVersion, Step, StepOutput, StepOutputs } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { code, flowOf, loop, router } from '../builder/structure/test-flows';
import { buildRunTree, defaultSelection, flattenRunTree, type RunTreeStep } from './run-tree';

const version = (...steps: Step[]): Pick<FlowVersion, 'trigger'> => ({ trigger: flowOf(...steps) });

function record(
  status: StepOutput['status'],
  type: StepOutput['type'] = 'CODE',
  extra: Partial<StepOutput> = {},
) {
  return { type, status, input: {}, duration: 12, ...extra } satisfies StepOutput;
}
const loopRecord = (status: StepOutput['status'], iterations: StepOutputs[]) =>
  record(status, 'LOOP_ON_ITEMS', { output: { index: iterations.length, item: 1, iterations } });
const triggered: StepOutputs = { trigger: record('SUCCEEDED', 'PIECE_TRIGGER') };

/** The tree as indented lines: `key STATUS [shown/count]`, a group's label above its steps. */
function outline(tree: readonly RunTreeStep[], depth = 0): string[] {
  const pad = '  '.repeat(depth);
  return tree.flatMap((step) => [
    `${pad}${step.key} ${step.record.status}${step.loop ? ` [${String(step.loop.shown + 1)}/${String(step.loop.count)}]` : ''}`,
    ...step.groups.flatMap((group) => [
      ...(group.label === undefined ? [] : [`${pad}  (${group.label})`]),
      ...outline(group.steps, depth + 2),
    ]),
  ]);
}

describe('buildRunTree, routers', () => {
  it('shows every branch that ran, in branch order, whatever order the steps ran in', () => {
    const flow = version(
      router('step_1', [[code('step_2')], [code('step_3'), code('step_4')]]),
      code('step_5'),
    );
    const records: StepOutputs = {
      ...triggered,
      step_1: record('SUCCEEDED', 'ROUTER'),
      step_3: record('SUCCEEDED'),
      step_4: record('SUCCEEDED'),
      step_2: record('SUCCEEDED'),
      step_5: record('SUCCEEDED'),
    };
    expect(outline(buildRunTree(flow, records))).toEqual([
      'trigger SUCCEEDED',
      'step_1 SUCCEEDED',
      '  (Branch 1)',
      '    step_2 SUCCEEDED',
      '  (Otherwise)',
      '    step_3 SUCCEEDED',
      '    step_4 SUCCEEDED',
      'step_5 SUCCEEDED',
    ]);
  });

  it('ends at a step that failed in a branch, and selects it', () => {
    const flow = version(router('step_1', [[code('step_2'), code('step_3')], []]), code('step_4'));
    const records: StepOutputs = {
      ...triggered,
      step_1: record('SUCCEEDED', 'ROUTER'),
      step_2: record('FAILED', 'CODE', { errorMessage: 'boom' }),
    };
    const tree = buildRunTree(flow, records);
    expect(outline(tree)).toEqual([
      'trigger SUCCEEDED',
      'step_1 SUCCEEDED',
      '  (Branch 1)',
      '    step_2 FAILED',
    ]);
    expect(defaultSelection(tree)?.record.errorMessage).toBe('boom');
  });

  it('leaves out a router whose branches ran nothing but keeps the router itself', () => {
    const flow = version(router('step_1', [[code('step_2')], [code('step_3')]]));
    const tree = buildRunTree(flow, { ...triggered, step_1: record('SUCCEEDED', 'ROUTER') });
    expect(outline(tree)).toEqual(['trigger SUCCEEDED', 'step_1 SUCCEEDED']);
  });
});

describe('buildRunTree, loops', () => {
  const flow = version(loop('step_1', [code('step_2'), code('step_3')]));
  const iterations = (count: number, last: StepOutput['status'] = 'SUCCEEDED'): StepOutputs[] =>
    Array.from({ length: count }, (_, index) => ({
      step_2: record('SUCCEEDED', 'CODE', { output: index }),
      step_3: record(index === count - 1 ? last : 'SUCCEEDED'),
    }));

  it('opens a loop still running, or paused, at the iteration it is in', () => {
    for (const status of ['RUNNING', 'PAUSED'] as const) {
      const tree = buildRunTree(flow, { ...triggered, step_1: loopRecord(status, iterations(3, status)) });
      expect(tree[1]?.loop, status).toEqual({ count: 3, shown: 2 });
      expect(flattenRunTree(tree).map((step) => step.key)).toContain('step_1[2].step_3');
    }
  });

  it('keeps a chosen iteration within the iterations there are', () => {
    const records = { ...triggered, step_1: loopRecord('SUCCEEDED', iterations(3)) };
    expect(buildRunTree(flow, records, () => 99)[1]?.loop).toEqual({ count: 3, shown: 2 });
    expect(buildRunTree(flow, records, () => -4)[1]?.loop).toEqual({ count: 3, shown: 0 });
  });

  it('gives a loop without iterations no pager and nothing under it', () => {
    for (const loopStep of [
      loopRecord('SUCCEEDED', []),
      record('FAILED', 'LOOP_ON_ITEMS', { errorMessage: 'not a list' }),
    ]) {
      const [, node] = buildRunTree(flow, { ...triggered, step_1: loopStep });
      expect(node?.loop).toBeUndefined();
      expect(node?.groups).toEqual([]);
    }
  });

  it('keys steps of loops inside router branches inside loops by every iteration around them', () => {
    const nested = version(loop('step_1', [router('step_2', [[loop('step_3', [code('step_4')])], []])]));
    const records: StepOutputs = {
      ...triggered,
      step_1: loopRecord('SUCCEEDED', [
        {
          step_2: record('SUCCEEDED', 'ROUTER'),
          step_3: loopRecord('SUCCEEDED', [{ step_4: record('SUCCEEDED') }, { step_4: record('SUCCEEDED') }]),
        },
      ]),
    };
    const tree = buildRunTree(nested, records, (key) => (key === 'step_1[0].step_3' ? 1 : undefined));
    expect(outline(tree)).toEqual([
      'trigger SUCCEEDED',
      'step_1 SUCCEEDED [1/1]',
      '    step_1[0].step_2 SUCCEEDED',
      '      (Branch 1)',
      '        step_1[0].step_3 SUCCEEDED [2/2]',
      '            step_1[0].step_3[1].step_4 SUCCEEDED',
    ]);
  });
});

describe('buildRunTree, records and names', () => {
  it("shows each step's own record (status, duration, output, error) under its display name", () => {
    const failed = record('FAILED', 'CODE', { duration: 4200, errorMessage: 'timeout', output: undefined });
    const tree = buildRunTree(version(code('step_1')), { ...triggered, step_1: failed });
    expect(tree[1]).toMatchObject({ name: 'step_1', displayName: 'Code step_1', key: 'step_1' });
    expect(tree[1]?.record).toBe(failed);
    expect(tree[0]).toMatchObject({ name: 'trigger', displayName: 'Catch Webhook' });
  });

  it('leaves out skipped steps and goes on with the steps after them', () => {
    const flow = version(code('step_1'), code('step_2'), code('step_3'));
    const tree = buildRunTree(flow, {
      ...triggered,
      step_1: record('SUCCEEDED'),
      step_3: record('SUCCEEDED'),
    });
    expect(tree.map((step) => step.key)).toEqual(['trigger', 'step_1', 'step_3']);
  });

  it('puts records of steps the version no longer has after the others, in run order, under their names', () => {
    const flow = version(code('step_1'), loop('step_2', [code('step_3')]));
    const records: StepOutputs = {
      ...triggered,
      gone_1: record('SUCCEEDED'),
      step_1: record('SUCCEEDED'),
      step_2: loopRecord('SUCCEEDED', [{ old_body: record('SUCCEEDED'), step_3: record('SUCCEEDED') }]),
      gone_0: record('FAILED'),
    };
    const tree = buildRunTree(flow, records);
    expect(outline(tree)).toEqual([
      'trigger SUCCEEDED',
      'step_1 SUCCEEDED',
      'step_2 SUCCEEDED [1/1]',
      '    step_2[0].step_3 SUCCEEDED',
      '    step_2[0].old_body SUCCEEDED',
      'gone_1 SUCCEEDED',
      'gone_0 FAILED',
    ]);
    expect(tree.at(-1)?.displayName).toBe('gone_0');
  });

  it('shows nothing for a run with no records, and selects nothing', () => {
    const tree = buildRunTree(version(code('step_1')), {});
    expect(tree).toEqual([]);
    expect(defaultSelection(tree)).toBeUndefined();
  });
});
