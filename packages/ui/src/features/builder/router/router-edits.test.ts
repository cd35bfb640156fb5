import type { BranchCondition } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { router } from '../structure/test-flows';
import { OPERATOR_OPTIONS, takesSecondValue, withOperator } from './operators';
import { addBranch, editConditions, renameBranch } from './router-edits';

const text: BranchCondition = {
  operator: 'TEXT_CONTAINS',
  firstValue: 'a',
  secondValue: 'b',
  caseSensitive: true,
};

describe('operators', () => {
  it('offers all 22 operators, 6 of them without a second value', () => {
    expect(OPERATOR_OPTIONS).toHaveLength(22);
    expect(OPERATOR_OPTIONS.filter((option) => !takesSecondValue(option.value))).toHaveLength(6);
  });

  it.each<[string, BranchCondition['operator'], BranchCondition]>([
    [
      'to a single-value operator, dropping the second value',
      'EXISTS',
      { operator: 'EXISTS', firstValue: 'a' },
    ],
    [
      'to a number operator, dropping the case switch',
      'NUMBER_IS_LESS_THAN',
      { operator: 'NUMBER_IS_LESS_THAN', firstValue: 'a', secondValue: 'b' },
    ],
    [
      'to another text operator, keeping both',
      'TEXT_ENDS_WITH',
      { operator: 'TEXT_ENDS_WITH', firstValue: 'a', secondValue: 'b', caseSensitive: true },
    ],
  ])('changes a text condition %s', (_, operator, expected) => {
    expect(withOperator(text, operator)).toEqual(expected);
  });

  it('gives a single-value condition an empty second value when it needs one', () => {
    expect(withOperator({ operator: 'EXISTS', firstValue: 'a' }, 'DATE_IS_AFTER')).toEqual({
      operator: 'DATE_IS_AFTER',
      firstValue: 'a',
      secondValue: '',
    });
  });
});

describe('router edits', () => {
  const step = router('step_1', [[], [], []]);

  it('saves the whole router with valid recomputed from its conditions', () => {
    const operation = editConditions(0, () => [
      [{ operator: 'TEXT_CONTAINS', firstValue: 'x', secondValue: '' }],
    ])(step);
    expect(operation.type === 'UPDATE_ACTION' && operation.request.valid).toBe(false);
    const renamed = renameBranch(1, 'Big orders')(step);
    expect(renamed.type === 'UPDATE_ACTION' && renamed.request.valid).toBe(true);
    expect(
      renamed.type === 'UPDATE_ACTION' &&
        renamed.request.type === 'ROUTER' &&
        renamed.request.settings.branches[1],
    ).toEqual({
      branchType: 'CONDITION',
      branchName: 'Big orders',
      conditions: [[{ operator: 'EXISTS', firstValue: 'x' }]],
    });
  });

  it('adds a branch with a fresh name just before the fallback', () => {
    expect(addBranch(step)).toEqual({
      type: 'ADD_BRANCH',
      request: { stepName: 'step_1', branchIndex: 2, branchName: 'Branch 3' },
    });
  });
});
