import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import type { FlowOperation } from '../operations';
import type { RouterStep } from '../step';
import { findStep } from './walk';
import { add, apply, codeStep, deepFreeze, emptyDraft, outline, routerStep } from '../../testing';

/** router step_1 with branches [Branch 1: step_2], [Branch 2: step_3 -> step_4], [Otherwise: step_5] */
function routerFlow() {
  return apply(
    emptyDraft(),
    add('trigger', routerStep('step_1', 2)),
    add('step_1', codeStep('step_2', { a: "{{step_2['output'].x}}" }), 'INSIDE_BRANCH', 0),
    add('step_1', codeStep('step_3'), 'INSIDE_BRANCH', 1),
    add(
      'step_3',
      codeStep('step_4', { fromThree: "{{step_3['output'].y}}", fromTrigger: "{{trigger['output'].body}}" }),
    ),
    add('step_1', codeStep('step_5'), 'INSIDE_BRANCH', 2),
  );
}

function branchNames(version: ReturnType<typeof routerFlow>) {
  return (findStep(version, 'step_1') as RouterStep).settings.branches.map((branch) => branch.branchName);
}

describe('ADD_BRANCH', () => {
  it('inserts a CONDITION branch with an empty child and the default condition', () => {
    const version = apply(routerFlow(), {
      type: 'ADD_BRANCH',
      request: { stepName: 'step_1', branchIndex: 1, branchName: 'New' },
    });
    expect(branchNames(version)).toEqual(['Branch 1', 'New', 'Branch 2', 'Otherwise']);
    expect(outline(version)).toEqual([{ step_1: [['step_2'], [], ['step_3', 'step_4'], ['step_5']] }]);
    expect((findStep(version, 'step_1') as RouterStep).settings.branches[1]).toEqual({
      branchType: 'CONDITION',
      branchName: 'New',
      conditions: [[{ operator: 'TEXT_CONTAINS', firstValue: '', secondValue: '', caseSensitive: false }]],
    });
  });

  it('may insert just before the FALLBACK branch', () => {
    const version = apply(routerFlow(), {
      type: 'ADD_BRANCH',
      request: { stepName: 'step_1', branchIndex: 2, branchName: 'Last' },
    });
    expect(branchNames(version)).toEqual(['Branch 1', 'Branch 2', 'Last', 'Otherwise']);
  });

  it.each<[string, FlowOperation, RegExp]>([
    [
      'after the FALLBACK branch',
      { type: 'ADD_BRANCH', request: { stepName: 'step_1', branchIndex: 3, branchName: 'x' } },
      /before the FALLBACK/,
    ],
    [
      'on a step that is not a router',
      { type: 'ADD_BRANCH', request: { stepName: 'step_2', branchIndex: 0, branchName: 'x' } },
      /is CODE, not a ROUTER/,
    ],
    [
      'on an unknown router',
      { type: 'ADD_BRANCH', request: { stepName: 'nope', branchIndex: 0, branchName: 'x' } },
      /router 'nope' does not exist/,
    ],
  ])('refuses a branch %s', (_, operation, message) => {
    expect(() => apply(deepFreeze(routerFlow()), operation)).toThrow(message);
  });
});

describe('DELETE_BRANCH', () => {
  it('removes a branch and every step in it', () => {
    const version = apply(routerFlow(), {
      type: 'DELETE_BRANCH',
      request: { stepName: 'step_1', branchIndex: 1 },
    });
    expect(branchNames(version)).toEqual(['Branch 1', 'Otherwise']);
    expect(outline(version)).toEqual([{ step_1: [['step_2'], ['step_5']] }]);
    expect(findStep(version, 'step_4')).toBeUndefined();
  });

  it('refuses an index out of range', () => {
    expect(() =>
      apply(routerFlow(), { type: 'DELETE_BRANCH', request: { stepName: 'step_1', branchIndex: 3 } }),
    ).toThrow(/has no branch 3/);
  });
});

describe('DUPLICATE_BRANCH', () => {
  it('copies a branch after itself with renamed steps whose references inside the copy follow', () => {
    const version = apply(routerFlow(), {
      type: 'DUPLICATE_BRANCH',
      request: { stepName: 'step_1', branchIndex: 1 },
    });
    expect(branchNames(version)).toEqual(['Branch 1', 'Branch 2', 'Branch 2 Copy', 'Otherwise']);
    expect(outline(version)).toEqual([
      { step_1: [['step_2'], ['step_3', 'step_4'], ['step_6', 'step_7'], ['step_5']] },
    ]);
    expect(findStep(version, 'step_7')).toMatchObject({
      displayName: 'Code step_4 Copy',
      settings: { input: { fromThree: "{{step_6['output'].y}}", fromTrigger: "{{trigger['output'].body}}" } },
    });
    expect(findStep(version, 'step_4')).toMatchObject({
      settings: { input: { fromThree: "{{step_3['output'].y}}" } },
    });
  });

  it('refuses to duplicate the FALLBACK branch', () => {
    expect(() =>
      apply(routerFlow(), { type: 'DUPLICATE_BRANCH', request: { stepName: 'step_1', branchIndex: 2 } }),
    ).toThrow(/FALLBACK branch cannot be duplicated/);
  });
});

describe('MOVE_BRANCH', () => {
  const move = (sourceBranchIndex: number, targetBranchIndex: number): FlowOperation => ({
    type: 'MOVE_BRANCH',
    request: { stepName: 'step_1', sourceBranchIndex, targetBranchIndex },
  });

  it('moves a branch together with its child', () => {
    const version = apply(routerFlow(), move(1, 0));
    expect(branchNames(version)).toEqual(['Branch 2', 'Branch 1', 'Otherwise']);
    expect(outline(version)).toEqual([{ step_1: [['step_3', 'step_4'], ['step_2'], ['step_5']] }]);
  });

  it('moving a branch onto itself changes nothing', () => {
    expect(outline(apply(routerFlow(), move(0, 0)))).toEqual(outline(routerFlow()));
  });

  it.each<[string, number, number, RegExp]>([
    ['the FALLBACK branch itself', 2, 0, /FALLBACK branch stays last/],
    ['a branch onto the FALLBACK', 0, 2, /FALLBACK branch stays last/],
    ['a source out of range', 5, 0, /has no branch 5/],
    ['a target out of range', 0, 9, /has no branch 9/],
  ])('refuses to move %s, changing nothing', (_, source, target, message) => {
    const input = deepFreeze(routerFlow());
    expect(() => apply(input, move(source, target))).toThrow(message);
    try {
      apply(input, move(source, target));
    } catch (error) {
      expect(isPieceworkError(error, 'FLOW_OPERATION_INVALID')).toBe(true);
    }
  });
});
