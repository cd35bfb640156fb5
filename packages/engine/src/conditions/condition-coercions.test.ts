import { describe, expect, it } from 'vitest';
import {
  conditionDate,
  conditionListCoerced,
  conditionListOrUndefined,
  conditionNumber,
  conditionText,
} from './condition-coercions';

describe('conditionText', () => {
  it.each<[string, unknown, string]>([
    ['a string as is', 'Ab', 'Ab'],
    ['undefined as empty', undefined, ''],
    ['null as empty', null, ''],
    ['a number', -1.5, '-1.5'],
    ['a boolean', false, 'false'],
    ['a bigint', 10n, '10'],
    ['an object as compact JSON', { a: [1, { b: null }] }, '{"a":[1,{"b":null}]}'],
    [
      'a cyclic object as empty',
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
      '',
    ],
    ['a function as empty', () => 1, ''],
  ])('%s', (_, value, expected) => {
    expect(conditionText(value)).toBe(expected);
  });
});

describe('conditionNumber', () => {
  it.each<[unknown, number]>([
    ['', 0],
    ['  ', 0],
    [null, 0],
    ['12', 12],
    [[], 0],
    [[7], 7],
    [undefined, Number.NaN],
    ['1a', Number.NaN],
    [{}, Number.NaN],
    [Object.create(null), Number.NaN],
    [Symbol('s'), Number.NaN],
  ])('Number(%o) is %d', (value, expected) => {
    expect(conditionNumber(value)).toBe(expected);
  });
});

describe('conditionDate', () => {
  it.each<[unknown, number | undefined]>([
    ['2024-01-01', Date.UTC(2024, 0, 1)],
    ['2024-01-01T00:00:00.123Z', Date.UTC(2024, 0, 1) + 123],
    [1_000, 1_000],
    [new Date(5), 5],
    [new Date(Number.NaN), undefined],
    ['', undefined],
    ['tomorrow', undefined],
    [Infinity, undefined],
    [true, undefined],
  ])('%o', (value, expected) => {
    expect(conditionDate(value)).toBe(expected);
  });
});

describe('lists', () => {
  it.each<[unknown, readonly unknown[] | undefined, readonly unknown[]]>([
    [['a'], ['a'], ['a']],
    ['[1,2]', [1, 2], [1, 2]],
    ['{"a":1}', undefined, [{ a: 1 }]],
    ['"x"', undefined, ['x']],
    ['not json', undefined, ['not json']],
    [5, undefined, [5]],
    [null, undefined, [null]],
  ])('%o', (value, strict, coerced) => {
    expect(conditionListOrUndefined(value)).toEqual(strict);
    expect(conditionListCoerced(value)).toEqual(coerced);
  });
});
