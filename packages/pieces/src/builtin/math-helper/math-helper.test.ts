import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { mathHelperPiece } from './index';

describe('math helper', () => {
  it.each([
    ['addition_math', 2, 3, 5],
    ['subtraction_math', 2, 10, 8],
    ['multiplication_math', 4, 2.5, 10],
    ['division_math', 9, 4, 2.25],
    ['modulo_math', 10, 3, 1],
    ['addition_math', '1.5', '2', 3.5],
  ])('%s(%j, %j) = %j', async (action, first_number, second_number, output) => {
    expect(await runAction(mathHelperPiece, action, { first_number, second_number })).toEqual({
      status: 'SUCCEEDED',
      output,
    });
  });

  it('generates whole numbers within both bounds', async () => {
    const seen = new Set<unknown>();
    for (let i = 0; i < 200; i++) {
      const outcome = await runAction(mathHelperPiece, 'generateRandom_math', {
        first_number: 1,
        second_number: 3,
      });
      if (outcome.status === 'SUCCEEDED') seen.add(outcome.output);
    }
    expect([...seen].sort()).toEqual([1, 2, 3]);
  });

  it.each([
    ['division_math', { first_number: 1, second_number: 0 }, 'Input "second_number" must not be zero'],
    ['modulo_math', { first_number: 1, second_number: 0 }, 'Input "second_number" must not be zero'],
    [
      'addition_math',
      { first_number: 'x', second_number: 1 },
      'Input "first_number" must be a number, got the text "x"',
    ],
    ['addition_math', { first_number: 1 }, 'Input "second_number" is required'],
    [
      'generateRandom_math',
      { first_number: 5, second_number: 1 },
      'Input "first_number" must not be greater than "second_number"',
    ],
  ])('%s fails on %j', async (action, propsValue, message) => {
    expect(await runAction(mathHelperPiece, action, propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});
