import type { FlowVersion, StepOutput, StepOutputs } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { code, flowOf, loop } from '../builder/structure/test-flows';
import { selectionInIteration } from './iteration-selection';
import { buildRunTree, flattenRunTree, type IterationChoice, type RunTreeStep } from './run-tree';

const ok = (type: StepOutput['type'] = 'CODE', output?: unknown): StepOutput => ({
  type,
  status: 'SUCCEEDED',
  input: {},
  output,
  duration: 1,
});
const loopOf = (iterations: StepOutputs[]) => ok('LOOP_ON_ITEMS', { index: iterations.length, iterations });

const version: Pick<FlowVersion, 'trigger'> = {
  trigger: flowOf(loop('step_1', [loop('step_2', [code('step_3')])]), loop('step_10', [code('step_11')])),
};
const inner = (count: number) => loopOf(Array.from({ length: count }, () => ({ step_3: ok() })));
const records: StepOutputs = {
  trigger: ok('PIECE_TRIGGER'),
  step_1: loopOf([{ step_2: inner(2) }, { step_2: inner(3) }, { step_2: inner(1) }]),
  step_10: loopOf([{ step_11: ok() }, { step_11: ok() }]),
};
const node = (tree: RunTreeStep[], key: string) => flattenRunTree(tree).find((step) => step.key === key)!;

describe('selectionInIteration', () => {
  it('follows a step selected in the shown iteration to the same step of the next one shown', () => {
    const tree = buildRunTree(version, records);
    const outer = node(tree, 'step_1');
    expect(selectionInIteration('step_1[0].step_2', outer, 1)).toBe('step_1[1].step_2');
    expect(selectionInIteration('step_1[0].step_2[1].step_3', outer, 2)).toBe('step_1[2].step_2[1].step_3');
    const loopInside = node(tree, 'step_1[0].step_2');
    expect(selectionInIteration('step_1[0].step_2[0].step_3', loopInside, 1)).toBe(
      'step_1[0].step_2[1].step_3',
    );
  });

  it('lands on a step the tree then shows', () => {
    const chosen: Record<string, number> = {};
    const choose: IterationChoice = (key) => chosen[key];
    const before = buildRunTree(version, records, choose);
    const followed = selectionInIteration('step_1[0].step_2[0].step_3', node(before, 'step_1'), 1)!;
    chosen['step_1'] = 1;
    const after = buildRunTree(version, records, choose);
    expect(flattenRunTree(after).map((step) => step.key)).toContain(followed);
  });

  it('leaves a selection outside the paged loop, or on the loop itself, where it is', () => {
    const tree = buildRunTree(version, records);
    const outer = node(tree, 'step_1');
    expect(selectionInIteration('step_1', outer, 1)).toBeUndefined();
    expect(selectionInIteration('trigger', outer, 1)).toBeUndefined();
    expect(selectionInIteration('step_10[0].step_11', outer, 1)).toBeUndefined();
    expect(selectionInIteration(undefined, outer, 1)).toBeUndefined();
    expect(selectionInIteration('step_1[0].step_2', node(tree, 'step_10'), 1)).toBeUndefined();
  });

  it('does not follow a selection from another iteration than the one shown', () => {
    const tree = buildRunTree(version, records, (key) => (key === 'step_1' ? 2 : undefined));
    expect(selectionInIteration('step_1[0].step_2', node(tree, 'step_1'), 1)).toBeUndefined();
    expect(selectionInIteration('step_1[2].step_2', node(tree, 'step_1'), 1)).toBe('step_1[1].step_2');
  });
});
