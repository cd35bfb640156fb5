import type { BranchOperator } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { evaluateCondition, evaluateConditions } from './evaluate-condition';
import type { ResolvedCondition } from './resolved-condition';

/** Builds a resolved condition; the cast lets one builder serve every operator shape. */
function condition(
  operator: BranchOperator,
  firstValue: unknown,
  secondValue?: unknown,
  caseSensitive?: boolean,
): ResolvedCondition {
  return { operator, firstValue, secondValue, caseSensitive } as ResolvedCondition;
}

type Row = [description: string, first: unknown, second: unknown, expected: boolean, caseSensitive?: boolean];

function conformance(operator: BranchOperator, rows: Row[]): void {
  describe(operator, () => {
    it.each(rows)('%s', (_, first, second, expected, caseSensitive) => {
      expect(evaluateCondition(condition(operator, first, second, caseSensitive))).toBe(expected);
    });
  });
}

describe('evaluateCondition', () => {
  conformance('TEXT_CONTAINS', [
    ['substring', 'Hello world', 'o w', true],
    ['missing substring', 'Hello world', 'xyz', false],
    ['case-insensitive by default', 'Hello', 'hELL', true],
    ['caseSensitive false is insensitive', 'Hello', 'hELL', true, false],
    ['caseSensitive true respects case', 'Hello', 'hell', false, true],
    ['caseSensitive true, same case', 'Hello', 'Hell', true, true],
    ['every text contains the empty text', 'abc', '', true],
    ['numbers compare as text', 12345, 234, true],
    ['objects compare as compact JSON', { a: 1, b: 'X' }, '"b":"x"', true],
    ['objects as JSON, case-sensitive', { a: 1, b: 'X' }, '"b":"x"', false, true],
    ['arrays as compact JSON', [1, 'a'], '1,"a"', true],
    ['null reads as empty text', null, 'null', false],
    ['undefined reads as empty text', undefined, '', true],
    ['booleans as text', true, 'ru', true],
  ]);
  conformance('TEXT_DOES_NOT_CONTAIN', [
    ['substring', 'Hello world', 'o w', false],
    ['missing substring', 'Hello world', 'xyz', true],
    ['case-insensitive by default', 'Hello', 'HELLO', false],
    ['caseSensitive true', 'Hello', 'HELLO', true, true],
    ['objects as JSON', { a: 1 }, '{"a":1}', false],
    ['null as empty text', null, 'null', true],
  ]);
  conformance('TEXT_EXACTLY_MATCHES', [
    ['same text', 'abc', 'abc', true],
    ['different case, insensitive', 'ABC', 'abc', true],
    ['different case, caseSensitive', 'ABC', 'abc', false, true],
    ['number and its text', 42, '42', true],
    ['two numbers', 1.5, 1.5, true],
    ['object and its JSON', { a: [1, 2] }, '{"a":[1,2]}', true],
    ['object and pretty JSON', { a: 1 }, '{ "a": 1 }', false],
    ['null equals the empty text', null, '', true],
    ['undefined equals null', undefined, null, true],
    ['false and its text', false, 'FALSE', true],
    ['surrounding spaces count', ' a', 'a', false],
  ]);
  conformance('TEXT_DOES_NOT_EXACTLY_MATCH', [
    ['same text', 'abc', 'abc', false],
    ['different case, insensitive', 'ABC', 'abc', false],
    ['different case, caseSensitive', 'ABC', 'abc', true, true],
    ['different text', 'abc', 'abd', true],
  ]);
  conformance('TEXT_START_WITH', [
    ['prefix', 'Piecework', 'piece', true],
    ['prefix, caseSensitive', 'Piecework', 'piece', false, true],
    ['not a prefix', 'Piecework', 'work', false],
    ['empty prefix', 'x', '', true],
    ['array JSON starts with [', ['a'], '["a"', true],
  ]);
  conformance('TEXT_DOES_NOT_START_WITH', [
    ['prefix', 'Piecework', 'piece', false],
    ['prefix, caseSensitive', 'Piecework', 'piece', true, true],
    ['not a prefix', 'Piecework', 'work', true],
  ]);
  conformance('TEXT_ENDS_WITH', [
    ['suffix', 'Piecework', 'WORK', true],
    ['suffix, caseSensitive', 'Piecework', 'WORK', false, true],
    ['not a suffix', 'Piecework', 'piece', false],
    ['number as text', 1000, '00', true],
  ]);
  conformance('TEXT_DOES_NOT_END_WITH', [
    ['suffix', 'Piecework', 'WORK', false],
    ['suffix, caseSensitive', 'Piecework', 'WORK', true, true],
    ['not a suffix', 'Piecework', 'piece', true],
  ]);
  conformance('LIST_CONTAINS', [
    ['an array with the item', ['a', 'b'], 'b', true],
    ['an array without the item', ['a', 'b'], 'c', false],
    ['items compare whole, not as substrings', ['abc'], 'b', false],
    ['a JSON string of a list', '["a","b"]', 'b', true],
    ['a JSON string of numbers, item as text', '[1,2,3]', '2', true],
    ['numbers against a number', [1, 2, 3], 2, true],
    ['case-insensitive by default', ['Apple'], 'APPLE', true],
    ['caseSensitive true', ['Apple'], 'APPLE', false, true],
    ['a plain value is a one-item list', 'hello', 'HELLO', true],
    ['a plain value is not split', 'hello', 'ell', false],
    ['a JSON scalar is a one-item list', '42', 42, true],
    ['a non-list value is a one-item list', 7, '7', true],
    ['object items as JSON', [{ id: 1 }], '{"id":1}', true],
    ['an object against an object', [{ id: 1 }], { id: 1 }, true],
    ['an empty list contains nothing', [], '', false],
    ['an empty JSON list contains nothing', '[]', '', false],
  ]);
  conformance('LIST_DOES_NOT_CONTAIN', [
    ['an array with the item', ['a', 'b'], 'b', false],
    ['an array without the item', ['a', 'b'], 'c', true],
    ['a JSON string of a list', '["a","b"]', 'B', false],
    ['caseSensitive true', '["a","b"]', 'B', true, true],
    ['a plain value', 'hello', 'hello', false],
    ['an empty list', [], 'x', true],
  ]);
  conformance('NUMBER_IS_GREATER_THAN', [
    ['numbers', 10, 9, true],
    ['numeric strings compare as numbers, not text', '10', '9', true],
    ['equal is not greater', 5, '5', false],
    ['the empty text is 0', 1, '', true],
    ['the empty text is 0, other side', '', -1, true],
    ['a non-numeric side is false', 'abc', 1, false],
    ['a non-numeric side is false, other side', 1, 'abc', false],
    ['null is 0', 1, null, true],
    ['undefined is not a number', 1, undefined, false],
    ['decimals and exponents', '1.5e3', 1499.9, true],
    ['hex text', '0x10', 15, true],
    ['an object is not a number', { a: 1 }, 0, false],
  ]);
  conformance('NUMBER_IS_LESS_THAN', [
    ['numbers', 2, 3, true],
    ['numeric strings', '2', '10', true],
    ['equal is not less', 3, 3, false],
    ['negative numbers', -5, '-4', true],
    ['a non-numeric side is false', 'two', 3, false],
  ]);
  conformance('NUMBER_IS_EQUAL_TO', [
    ['a number and its text', 5, '5', true],
    ['different spellings of a number', '5.0', ' 5 ', true],
    ['different numbers', 5, 6, false],
    ['the empty text equals 0', '', 0, true],
    ['two equal words are not numbers', 'abc', 'abc', false],
    ['true is 1', true, 1, true],
  ]);

  const invalidDates: [string, unknown][] = [
    ['an unparseable text', 'not a date'],
    ['the empty text', ''],
    ['null', null],
    ['undefined', undefined],
    ['a boolean', true],
    ['an object', { date: '2024-01-01' }],
    ['an out-of-range epoch', 8.64e15 + 1],
    ['NaN', Number.NaN],
  ];
  describe.each(['DATE_IS_BEFORE', 'DATE_IS_EQUAL', 'DATE_IS_AFTER'] as const)(
    '%s with an invalid side',
    (operator) => {
      it.each(invalidDates)('is false for %s first', (_, invalid) => {
        expect(evaluateCondition(condition(operator, invalid, '2024-01-01T00:00:00Z'))).toBe(false);
      });
      it.each(invalidDates)('is false for %s second', (_, invalid) => {
        expect(evaluateCondition(condition(operator, '2024-01-01T00:00:00Z', invalid))).toBe(false);
      });
    },
  );
  conformance('DATE_IS_BEFORE', [
    ['earlier ISO date', '2024-01-01', '2024-01-02', true],
    ['later ISO date', '2024-01-02', '2024-01-01', false],
    ['one millisecond earlier', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.001Z', true],
    ['same instant', '2024-01-01T00:00:00Z', '2024-01-01T00:00:00.000Z', false],
    ['offsets are honoured', '2024-01-01T10:00:00+02:00', '2024-01-01T09:00:00Z', true],
    ['an epoch number against an ISO text', 0, '1970-01-01T00:00:00.001Z', true],
    ['a Date object', new Date(1000), 2000, true],
  ]);
  conformance('DATE_IS_EQUAL', [
    ['the same instant in two spellings', '2024-01-01T02:00:00+02:00', '2024-01-01T00:00:00.000Z', true],
    ['an epoch number and its ISO text', 1_704_067_200_000, '2024-01-01T00:00:00Z', true],
    ['one millisecond apart', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.001Z', false],
    ['fractions of a millisecond are truncated', 1.9, 1, true],
    ['a numeric text is not an epoch', '1704067200000', 1_704_067_200_000, false],
  ]);
  conformance('DATE_IS_AFTER', [
    ['later date', '2024-03-01', '2024-02-29', true],
    ['earlier date', '2024-02-29', '2024-03-01', false],
    ['same instant', 5, 5, false],
  ]);

  conformance('LIST_IS_EMPTY', [
    ['an empty array', [], undefined, true],
    ['a JSON string of an empty list', '[]', undefined, true],
    ['a non-empty array', [0], undefined, false],
    ['a JSON string of a non-empty list', '[1]', undefined, false],
    ['the empty text is not a list', '', undefined, false],
    ['null is not a list', null, undefined, false],
    ['undefined is not a list', undefined, undefined, false],
    ['an empty object is not a list', {}, undefined, false],
    ['a JSON object text is not a list', '{}', undefined, false],
    ['a plain text is not a list', 'abc', undefined, false],
  ]);
  conformance('LIST_IS_NOT_EMPTY', [
    ['a non-empty array', ['a'], undefined, true],
    ['a JSON string of a non-empty list', '["a"]', undefined, true],
    ['an empty array', [], undefined, false],
    ['the empty text is not a list', '', undefined, false],
    ['a number is not a list', 3, undefined, false],
    ['an object is not a list', { length: 2 }, undefined, false],
    ['a plain text is not a list', 'abc', undefined, false],
  ]);
  conformance('EXISTS', [
    ['a text', 'x', undefined, true],
    ['zero', 0, undefined, true],
    ['false', false, undefined, true],
    ['an empty list', [], undefined, true],
    ['a blank text', ' ', undefined, true],
    ['the empty text', '', undefined, false],
    ['null', null, undefined, false],
    ['undefined', undefined, undefined, false],
  ]);
  conformance('DOES_NOT_EXIST', [
    ['a text', 'x', undefined, false],
    ['zero', 0, undefined, false],
    ['the empty text', '', undefined, true],
    ['null', null, undefined, true],
    ['undefined', undefined, undefined, true],
  ]);
  conformance('BOOLEAN_IS_TRUE', [
    ['true', true, undefined, true],
    ["the text 'false' is truthy", 'false', undefined, true],
    ["the text '0' is truthy", '0', undefined, true],
    ['an empty list is truthy', [], undefined, true],
    ['an empty object is truthy', {}, undefined, true],
    ['false', false, undefined, false],
    ['0 is falsy', 0, undefined, false],
    ['the empty text is falsy', '', undefined, false],
    ['null is falsy', null, undefined, false],
    ['undefined is falsy', undefined, undefined, false],
  ]);
  conformance('BOOLEAN_IS_FALSE', [
    ['false', false, undefined, true],
    ['0', 0, undefined, true],
    ['the empty text', '', undefined, true],
    ['null', null, undefined, true],
    ["the text 'false' is not false", 'false', undefined, false],
    ['true', true, undefined, false],
  ]);

  it('throws for an operator outside the schema', () => {
    expect(() =>
      evaluateCondition(condition('NOPE' as BranchOperator, 1)),
    ).toThrowErrorMatchingInlineSnapshot(`[Error: Unknown router condition operator: NOPE]`);
  });
});

describe('evaluateConditions', () => {
  const yes = condition('BOOLEAN_IS_TRUE', true);
  const no = condition('BOOLEAN_IS_TRUE', false);

  it.each([
    ['an empty outer list is false', [], false],
    ['one true condition', [[yes]], true],
    ['AND inside a group', [[yes, no]], false],
    ['OR over groups', [[no], [yes]], true],
    ['every group false', [[yes, no], [no]], false],
    ['an empty group is an AND over nothing', [[]], true],
    ['an empty group among false ones', [[no], []], true],
  ])('%s', (_, groups: ResolvedCondition[][], expected) => {
    expect(evaluateConditions(groups)).toBe(expected);
  });
});
