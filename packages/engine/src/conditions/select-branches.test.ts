import type { RouterExecutionType } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import type { ResolvedCondition, ResolvedRouterBranch } from './resolved-condition';
import { selectBranches } from './select-branches';

const truthy: ResolvedCondition = { operator: 'BOOLEAN_IS_TRUE', firstValue: true };
const falsy: ResolvedCondition = { operator: 'BOOLEAN_IS_TRUE', firstValue: false };

function branch(name: string, holds: boolean): ResolvedRouterBranch {
  return { branchType: 'CONDITION', branchName: name, conditions: [[holds ? truthy : falsy]] };
}
const fallback: ResolvedRouterBranch = { branchType: 'FALLBACK', branchName: 'Otherwise' };

describe('selectBranches', () => {
  it('lists every branch with its 1-based index and evaluation', () => {
    expect(selectBranches([branch('A', false), branch('B', true), fallback], 'EXECUTE_ALL_MATCH'))
      .toMatchInlineSnapshot(`
      {
        "branches": [
          {
            "branchIndex": 1,
            "branchName": "A",
            "evaluation": false,
          },
          {
            "branchIndex": 2,
            "branchName": "B",
            "evaluation": true,
          },
          {
            "branchIndex": 3,
            "branchName": "Otherwise",
            "evaluation": false,
          },
        ],
        "selected": [
          1,
        ],
      }
    `);
  });

  it.each<[string, RouterExecutionType, boolean[], boolean[], number[]]>([
    [
      'first match runs the first true branch',
      'EXECUTE_FIRST_MATCH',
      [false, true, true],
      [false, true, true, false],
      [1],
    ],
    [
      'all match runs every true branch in order',
      'EXECUTE_ALL_MATCH',
      [true, false, true],
      [true, false, true, false],
      [0, 2],
    ],
    [
      'first match falls back when nothing holds',
      'EXECUTE_FIRST_MATCH',
      [false, false],
      [false, false, true],
      [2],
    ],
    [
      'all match falls back when nothing holds',
      'EXECUTE_ALL_MATCH',
      [false, false],
      [false, false, true],
      [2],
    ],
    [
      'the fallback is false once a branch holds',
      'EXECUTE_ALL_MATCH',
      [false, true],
      [false, true, false],
      [1],
    ],
    ['a router with only a fallback runs it', 'EXECUTE_FIRST_MATCH', [], [true], [0]],
  ])('%s', (_, mode, conditions, evaluations, toRun) => {
    const branches = [...conditions.map((holds, i) => branch(`B${i + 1}`, holds)), fallback];
    const selection = selectBranches(branches, mode);
    expect(selection.branches.map((b) => b.evaluation)).toEqual(evaluations);
    expect(selection.selected).toEqual(toRun);
  });

  it('runs nothing when no branch holds and there is no fallback', () => {
    const selection = selectBranches([branch('A', false)], 'EXECUTE_ALL_MATCH');
    expect(selection.selected).toEqual([]);
  });

  it('runs nothing for a router without branches', () => {
    expect(selectBranches([], 'EXECUTE_FIRST_MATCH')).toEqual({ branches: [], selected: [] });
  });

  it('treats a branch with no condition groups as false', () => {
    const empty: ResolvedRouterBranch = { branchType: 'CONDITION', branchName: 'Empty', conditions: [] };
    expect(selectBranches([empty, fallback], 'EXECUTE_FIRST_MATCH').selected).toEqual([1]);
  });

  it('evaluates real operators on resolved values', () => {
    const big: ResolvedRouterBranch = {
      branchType: 'CONDITION',
      branchName: 'Big order',
      conditions: [[{ operator: 'NUMBER_IS_GREATER_THAN', firstValue: 150, secondValue: '100' }]],
    };
    const vip: ResolvedRouterBranch = {
      branchType: 'CONDITION',
      branchName: 'VIP',
      conditions: [[{ operator: 'LIST_CONTAINS', firstValue: ['vip', 'new'], secondValue: 'VIP' }]],
    };
    expect(selectBranches([big, vip, fallback], 'EXECUTE_FIRST_MATCH')).toEqual({
      branches: [
        { branchName: 'Big order', branchIndex: 1, evaluation: true },
        { branchName: 'VIP', branchIndex: 2, evaluation: true },
        { branchName: 'Otherwise', branchIndex: 3, evaluation: false },
      ],
      selected: [0],
    });
  });
});
